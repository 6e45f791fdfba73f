/**
 * The telecom domain's user tools: what the simulated user can do on their
 * phone (check the status bar, toggle airplane mode, data, roaming, Wi-Fi
 * calling, reset the APN, reseat the SIM, reboot, grant app permissions,
 * pay a requested bill...), plus the functions its tasks call to break the
 * phone first and to check it at the end. Behaviour and texts are τ²-bench's
 * TelecomUserTools at its release (37199f3): the network search that
 * follows most changes, the speed test's figures, the emoji status bar.
 * One difference: the reference keeps the default VPN details in a class
 * attribute shared by every environment of the process (so one task's
 * broken VPN leaks into the next); here each environment has its own.
 * Descriptions are Assay's own words. Pure, no I/O.
 */
import { construct, tagModel } from "../../py/model";
import { assertionError, attributeError, typeName, contains, eq, fixed, ge, getItem, lower, num, repr, round, str, truthy, valueError } from "../../py/ops";
import { PyFloat, type PyValue } from "../../py/values";
import { param, STRING, type MethodDef, type ToolDef, type Toolkit, type ToolkitSpec } from "../../toolkit";
import {
  APN_NAMES,
  APNSettings,
  defaultApn,
  NETWORK_MODE,
  NETWORK_STATUS,
  NETWORK_TECH,
  PERFORMANCE,
  SIGNAL,
  SIM_STATUS,
  type AppStatus,
  type MockPhoneAttributes,
  type TelecomUserDB,
  type UserSurroundings,
  type VpnDetails,
} from "./user-model";
import { VpnDetails as VpnDetailsShape } from "./user-model";

export interface TelecomUserState {
  /** The details a VPN connection gets (the reference's class attribute, kept per environment here). */
  defaultVpn: VpnDetails;
}

export type TelecomUserKit = Toolkit<TelecomUserDB, TelecomUserState>;

export function defaultVpnDetails(): VpnDetails {
  return tagModel(VpnDetailsShape, { server_address: "192.168.1.1", protocol: "OpenVPN", server_performance: PERFORMANCE.EXCELLENT }) as VpnDetails;
}

const device = (kit: TelecomUserKit): MockPhoneAttributes => kit.db.device;
const surroundings = (kit: TelecomUserKit): UserSurroundings => kit.db.surroundings;

const SIGNAL_ICON: Record<string, string> = {
  [SIGNAL.NONE]: "\u{1f4f5} No Signal",
  [SIGNAL.POOR]: "\u{1f4f6}\u00b9 Poor",
  [SIGNAL.FAIR]: "\u{1f4f6}\u00b2 Fair",
  [SIGNAL.GOOD]: "\u{1f4f6}\u00b3 Good",
  [SIGNAL.EXCELLENT]: "\u{1f4f6}\u2074 Excellent",
};

function statusBar(kit: TelecomUserKit): string {
  const d = device(kit);
  const out: string[] = [];
  if (d.airplane_mode) out.push("\u2708\ufe0f Airplane Mode");
  else {
    out.push(SIGNAL_ICON[d.network_signal_strength] ?? SIGNAL_ICON[SIGNAL.NONE]!);
    if (d.network_technology_connected !== NETWORK_TECH.NONE) out.push(d.network_technology_connected);
    if (d.data_enabled && d.network_technology_connected !== NETWORK_TECH.NONE) {
      out.push("\u{1f4f1} Data Enabled");
      if (d.data_saver_mode) out.push("\u{1f53d} Data Saver");
    } else out.push("\u{1f4f5} Data Disabled");
  }
  if (d.wifi_enabled && d.wifi_connected) out.push(d.wifi_ssid ? `\u{1f4e1} Connected to ${d.wifi_ssid}` : "\u{1f4e1} Enabled");
  if (d.vpn_connected) out.push("\u{1f512} VPN Connected");
  out.push(`\u{1f50b} ${str(d.battery_level)}%`);
  return out.join(" | ");
}

const withStatusBar = (kit: TelecomUserKit, text: string) => `${text}\nStatus Bar: ${statusBar(kit)}`;

function simStatus(kit: TelecomUserKit): string {
  return device(kit).sim_card_missing ? SIM_STATUS.MISSING : device(kit).sim_card_status;
}

/** The reference's network search: what the phone connects to, given the SIM, the preferred mode, the signal around, airplane mode, the APN and the line. */
export function simulateNetworkSearch(kit: TelecomUserKit): void {
  const d = device(kit);
  const signal = (tech: string) => (surroundings(kit).signal_strength.get(tech) ?? SIGNAL.NONE) as MockPhoneAttributes["network_signal_strength"];
  const noService = () => {
    d.network_connection_status = NETWORK_STATUS.NO_SERVICE;
    d.network_technology_connected = NETWORK_TECH.NONE;
    d.network_signal_strength = SIGNAL.NONE;
  };
  const connect = (tech: MockPhoneAttributes["network_technology_connected"]) => {
    d.network_technology_connected = tech;
    d.network_signal_strength = signal(tech);
  };
  if (simStatus(kit) === SIM_STATUS.ACTIVE) {
    d.network_connection_status = NETWORK_STATUS.CONNECTED;
    const pref = d.network_mode_preference;
    if (pref === NETWORK_MODE.FOUR_G_5G_PREFERRED) {
      const five = signal(NETWORK_TECH.FIVE_G);
      if (five === SIGNAL.NONE) connect(NETWORK_TECH.FOUR_G);
      else {
        d.network_technology_connected = NETWORK_TECH.FIVE_G;
        d.network_signal_strength = five;
      }
    } else if (pref === NETWORK_MODE.FOUR_G_ONLY) connect(NETWORK_TECH.FOUR_G);
    else if (pref === NETWORK_MODE.THREE_G_ONLY) connect(NETWORK_TECH.THREE_G);
    else if (pref === NETWORK_MODE.TWO_G_ONLY) connect(NETWORK_TECH.TWO_G);
    else connect(NETWORK_TECH.FOUR_G);
  } else noService();
  if (d.airplane_mode) noService();
  if (d.active_apn_settings.apn_name === APN_NAMES.BROKEN) noService();
  if (!surroundings(kit).line_active) noService();
}

function mobileDataWorking(kit: TelecomUserKit): boolean {
  const d = device(kit);
  if (d.airplane_mode || d.network_signal_strength === SIGNAL.NONE) return false;
  if (d.network_connection_status === NETWORK_STATUS.NO_SERVICE) return false;
  if (surroundings(kit).is_abroad && (!d.roaming_enabled || !surroundings(kit).roaming_allowed)) return false;
  if (!d.data_enabled) return false;
  if (surroundings(kit).mobile_data_usage_exceeded) return false;
  return true;
}

const SPEED_RANGE: Record<string, [number, number]> = {
  [NETWORK_TECH.TWO_G]: [0.1, 0.4],
  [NETWORK_TECH.THREE_G]: [1.0, 5.0],
  [NETWORK_TECH.FOUR_G]: [10.0, 100.0],
  [NETWORK_TECH.FIVE_G]: [50.0, 500.0],
  [NETWORK_TECH.NONE]: [0.0, 0.0],
};
const SIGNAL_FACTOR: Record<string, number> = { [SIGNAL.POOR]: 0.2, [SIGNAL.FAIR]: 0.5, [SIGNAL.GOOD]: 0.8, [SIGNAL.EXCELLENT]: 1.0, [SIGNAL.NONE]: 0.0 };

/** The reference's simulated speed test: (speed in Mbps rounded to cents, description), or (null, "No Connection"). */
export function speedTest(kit: TelecomUserKit): [number | null, string] {
  if (!mobileDataWorking(kit)) return [null, "No Connection"];
  const d = device(kit);
  let factor = d.vpn_connected && d.vpn_details && d.vpn_details.server_performance === PERFORMANCE.POOR ? 0.1 : 1.0;
  if (d.data_saver_mode) factor *= 0.2;
  const [lo, hi] = SPEED_RANGE[d.network_technology_connected] ?? [0.0, 0.0];
  const speed = num(round(new PyFloat(((lo + hi) / 2.0) * (SIGNAL_FACTOR[d.network_signal_strength] ?? 0.0) * factor), 2));
  const desc = speed < 1 ? "Very Poor" : speed < 5 ? "Poor" : speed < 25 ? "Fair" : speed < 100 ? "Good" : "Excellent";
  return [speed, desc];
}

const ADVICE: Record<string, string> = {
  "Very Poor": "Connection is very slow. Basic web browsing might be difficult.",
  Poor: "Connection is slow. Web browsing may be sluggish, streaming difficult.",
  Fair: "Connection is okay for web browsing and some standard definition streaming.",
  Good: "Connection is good for most activities, including HD streaming.",
  Excellent: "Connection is very fast.",
};

function toggleAirplane(kit: TelecomUserKit): boolean {
  const d = device(kit);
  const wasOn = d.airplane_mode;
  d.airplane_mode = !wasOn;
  if (wasOn) {
    d.network_connection_status = NETWORK_STATUS.SEARCHING;
    if (d.wifi_enabled) {
      d.wifi_connected = false;
      d.wifi_ssid = null;
      d.wifi_signal_strength = SIGNAL.NONE;
    }
  } else {
    d.wifi_connected = false;
    d.wifi_ssid = null;
    d.wifi_signal_strength = SIGNAL.NONE;
    if (d.vpn_connected) disconnectVpn(kit);
  }
  simulateNetworkSearch(kit);
  return d.airplane_mode;
}

function toggleData(kit: TelecomUserKit): boolean {
  const d = device(kit);
  d.data_enabled = !d.data_enabled;
  simulateNetworkSearch(kit);
  return d.data_enabled;
}

function toggleRoaming(kit: TelecomUserKit): boolean {
  const d = device(kit);
  d.roaming_enabled = !d.roaming_enabled;
  simulateNetworkSearch(kit);
  return d.roaming_enabled;
}

function toggleDataSaver(kit: TelecomUserKit): boolean {
  const d = device(kit);
  d.data_saver_mode = !d.data_saver_mode;
  return d.data_saver_mode;
}

function connectVpn(kit: TelecomUserKit): boolean | null {
  const d = device(kit);
  if (d.vpn_connected) return null;
  d.vpn_connected = true;
  d.vpn_details = kit.state.defaultVpn;
  return true;
}

function disconnectVpn(kit: TelecomUserKit): boolean {
  const d = device(kit);
  if (!d.vpn_connected) return false;
  d.vpn_connected = false;
  d.vpn_details = null;
  return true;
}

function canSendMms(kit: TelecomUserKit): boolean {
  const d = device(kit);
  if (!mobileDataWorking(kit)) return false;
  if (d.network_technology_connected === NETWORK_TECH.TWO_G) return false;
  if (d.wifi_calling_enabled && d.wifi_calling_mms_over_wifi) return false;
  if (d.active_apn_settings.mmsc_url === null) return false;
  const app = d.app_statuses.get("messaging");
  if (!app) return false;
  return app.permissions.storage && app.permissions.sms;
}

function appOf(kit: TelecomUserKit, name: PyValue): AppStatus | null {
  // dict.get: an unhashable name raises TypeError, as in the reference.
  return contains(device(kit).app_statuses, name) ? (getItem(device(kit).app_statuses, name) as AppStatus) : null;
}

/** The permissions granted, lower-case, in field order. */
function grantedPermissions(app: AppStatus): string[] {
  return Object.entries(app.permissions)
    .filter(([, allowed]) => allowed)
    .map(([name]) => name.replace(/_/g, " ").toLowerCase());
}

type UT = ToolDef<TelecomUserKit>;

const tools: UT[] = [
  {
    name: "check_status_bar",
    kind: "read",
    description: "Show the icons at the top of your phone's screen: signal strength, network type, mobile data, Wi-Fi, VPN, airplane mode and battery.",
    params: [],
    run: (kit) => `Status Bar: ${statusBar(kit)}`,
  },
  {
    name: "check_network_status",
    kind: "read",
    description: "Show your phone's connection to the cellular network and Wi-Fi: airplane mode, SIM, signal, network type, mobile data and data roaming.",
    params: [],
    run: (kit) => {
      const d = device(kit);
      const lines = [
        `Airplane Mode: ${d.airplane_mode ? "ON" : "OFF"}`,
        `SIM Card Status: ${simStatus(kit)}`,
        `Cellular Connection: ${d.network_connection_status}`,
        `Cellular Signal: ${d.network_signal_strength}`,
        `Cellular Network Type: ${d.network_technology_connected}`,
        `Mobile Data Enabled: ${d.data_enabled ? "Yes" : "No"}`,
        `Data Roaming Enabled: ${d.roaming_enabled ? "Yes" : "No"}`,
        `Wi-Fi Radio: ${d.wifi_enabled ? "ON" : "OFF"}`,
        `Wi-Fi Connected: ${d.wifi_connected ? "Yes" : "No"}`,
      ];
      if (d.wifi_connected) lines.push(`Connected Wi-Fi Network: ${str(d.wifi_ssid)}`);
      return lines.join("\n");
    },
  },
  {
    name: "check_network_mode_preference",
    kind: "read",
    description: "Show which type of cellular network your phone prefers.",
    params: [],
    run: (kit) => `Network Mode Preference: ${device(kit).network_mode_preference}`,
  },
  {
    name: "set_network_mode_preference",
    kind: "write",
    description: "Choose which type of cellular network your phone prefers (4g_5g_preferred, 4g_only, 3g_only, 2g_only); faster networks use more battery.",
    params: [param("mode", { type: "string", enum: Object.values(NETWORK_MODE) }, "The preferred network mode.")],
    run: (kit, a) => {
      const mode = a.mode!;
      if (typeof mode !== "string") {
        // The reference stores a non-str mode as it is, searches, then fails reading its .value.
        (device(kit) as Record<string, PyValue>).network_mode_preference = mode;
        simulateNetworkSearch(kit);
        throw attributeError(`'${typeName(mode)}' object has no attribute 'value'`);
      }
      const valid = (Object.values(NETWORK_MODE) as string[]).includes(mode) ? (mode as MockPhoneAttributes["network_mode_preference"]) : null;
      if (valid === null) {
        return withStatusBar(kit, `Failed to set network mode: '${str(mode)}' is not a valid option. Please use one of: ${Object.values(NETWORK_MODE).join(", ")}`);
      }
      device(kit).network_mode_preference = valid;
      simulateNetworkSearch(kit);
      return withStatusBar(kit, `Preferred Network Mode set to: ${valid}`);
    },
  },
  {
    name: "run_speed_test",
    kind: "read",
    description: "Measure your mobile internet download speed and what it is good enough for.",
    params: [],
    run: (kit) => {
      const [speed, desc] = speedTest(kit);
      if (speed === null) return `Speed test failed: ${desc || "Could not determine speed"}.`;
      return `Speed Test Result: ${fixed(new PyFloat(speed), 2)} Mbps (${desc}). ${ADVICE[desc] ?? ""}`;
    },
  },
  {
    name: "toggle_airplane_mode",
    kind: "write",
    description: "Turn airplane mode on or off; on, it cuts every radio (cellular, Wi-Fi, Bluetooth).",
    params: [],
    run: (kit) => withStatusBar(kit, `Airplane Mode is now ${toggleAirplane(kit) ? "ON" : "OFF"}.`),
  },
  {
    name: "check_sim_status",
    kind: "read",
    description: "Check whether your SIM card works: active, missing, or locked by a PIN or PUK code.",
    params: [],
    run: (kit) =>
      ({
        [SIM_STATUS.ACTIVE]: "Your SIM card is active and working.",
        [SIM_STATUS.MISSING]: "No SIM card detected in the phone.",
        [SIM_STATUS.LOCKED_PIN]: "The SIM card is locked with a PIN code.",
        [SIM_STATUS.LOCKED_PUK]: "The SIM card is locked with a PUK code.",
      })[simStatus(kit)] ?? `Unknown SIM status: ${simStatus(kit)}`,
  },
  {
    name: "reseat_sim_card",
    kind: "write",
    description: "Take the SIM card out and put it back in, which can fix a SIM the phone does not recognise.",
    params: [],
    run: (kit) => {
      device(kit).sim_card_missing = false;
      simulateNetworkSearch(kit);
      return withStatusBar(kit, "SIM card re-seated successfully.");
    },
  },
  {
    name: "toggle_data",
    kind: "write",
    description: "Turn mobile data on or off (internet over the cellular network when there is no Wi-Fi).",
    params: [],
    run: (kit) => withStatusBar(kit, `Mobile Data is now ${toggleData(kit) ? "ON" : "OFF"}.`),
  },
  {
    name: "toggle_roaming",
    kind: "write",
    description: "Turn data roaming on or off (mobile data on networks outside your carrier's, such as abroad).",
    params: [],
    run: (kit) => withStatusBar(kit, `Data Roaming is now ${toggleRoaming(kit) ? "ON" : "OFF"}.`),
  },
  {
    name: "check_data_restriction_status",
    kind: "read",
    description: "Check whether a data-limiting feature (Data Saver) is on.",
    params: [],
    run: (kit) => (device(kit).data_saver_mode ? "Data Saver mode is ON (limits data usage)." : "Data Saver mode is OFF."),
  },
  {
    name: "toggle_data_saver_mode",
    kind: "write",
    description: "Turn Data Saver on or off; on, it limits data use and may slow data down.",
    params: [],
    run: (kit) => withStatusBar(kit, `Data Saver Mode is now ${toggleDataSaver(kit) ? "ON" : "OFF"}.`),
  },
  {
    name: "check_apn_settings",
    kind: "read",
    description: "Show the APN settings your phone uses to reach the carrier's data network (APN name, MMS server URL).",
    params: [],
    run: (kit) => {
      const apn = device(kit).active_apn_settings;
      return `Current APN Name: ${apn.apn_name || "Not Set"}\nMMSC URL (for picture messages): ${apn.mmsc_url || "Not Set"}\n(These are technical settings, usually best left unchanged.)`;
    },
  },
  {
    name: "set_apn_settings",
    kind: "write",
    description: "Set your phone's APN settings.",
    params: [param("apn_settings", { type: "object", properties: { apn_name: STRING, mms_apn: STRING, mmsc_url: STRING } }, "The APN settings to use.")],
    run: (kit, a) => {
      const settings = a.apn_settings instanceof Map ? construct(APNSettings, a.apn_settings) : (a.apn_settings as APNSettings);
      device(kit).active_apn_settings = settings;
      const text = `APN settings set to: ${str(settings.apn_name)}`;
      simulateNetworkSearch(kit);
      return withStatusBar(kit, text);
    },
  },
  {
    name: "reset_apn_settings",
    kind: "write",
    description: "Reset your APN settings to the carrier's defaults; takes effect at the next restart.",
    params: [],
    run: (kit) => {
      device(kit).active_apn_settings.reset_at_reboot = true;
      simulateNetworkSearch(kit);
      return withStatusBar(kit, "APN settings will reset at reboot.");
    },
  },
  {
    name: "check_wifi_status",
    kind: "read",
    description: "Show whether Wi-Fi is on, which network it is connected to and its signal.",
    params: [],
    run: (kit) => {
      const d = device(kit);
      if (!d.wifi_enabled) return "Wi-Fi is turned OFF.";
      if (d.wifi_connected) return `Wi-Fi is ON and connected to '${str(d.wifi_ssid)}'. Signal strength: ${d.wifi_signal_strength}.`;
      return "Wi-Fi is ON but not connected to any network.";
    },
  },
  {
    name: "toggle_wifi",
    kind: "write",
    description: "Turn the Wi-Fi radio on or off.",
    params: [],
    run: (kit) => {
      const d = device(kit);
      if (d.airplane_mode) return withStatusBar(kit, "Cannot change Wi-Fi settings while Airplane Mode is ON.");
      d.wifi_enabled = !d.wifi_enabled;
      if (!d.wifi_enabled) {
        d.wifi_connected = false;
        d.wifi_ssid = null;
        d.wifi_signal_strength = SIGNAL.NONE;
      }
      return withStatusBar(kit, `Wi-Fi is now ${d.wifi_enabled ? "ON" : "OFF"}.`);
    },
  },
  {
    name: "check_wifi_calling_status",
    kind: "read",
    description: "Show whether Wi-Fi Calling (calls over Wi-Fi instead of the cellular network) is on.",
    params: [],
    run: (kit) => `Wi-Fi Calling is currently turned ${device(kit).wifi_calling_enabled ? "ON" : "OFF"}.`,
  },
  {
    name: "toggle_wifi_calling",
    kind: "write",
    description: "Turn Wi-Fi Calling on or off; it helps where the cellular signal is weak.",
    params: [],
    run: (kit) => {
      const d = device(kit);
      d.wifi_calling_enabled = !d.wifi_calling_enabled;
      return withStatusBar(kit, `Wi-Fi Calling is now ${d.wifi_calling_enabled ? "ON" : "OFF"}.`);
    },
  },
  {
    name: "check_vpn_status",
    kind: "read",
    description: "Show whether a VPN is on and connected, with its connection details.",
    params: [],
    run: (kit) => {
      const d = device(kit);
      if (d.vpn_connected) {
        const details = d.vpn_details;
        return details ? `VPN is ON and connected. Details: ${dictRepr(details)}` : "VPN is ON and connected (no specific details available).";
      }
      return d.vpn_enabled_setting ? "VPN is turned ON in settings, but currently not connected." : "VPN is turned OFF.";
    },
  },
  {
    name: "connect_vpn",
    kind: "write",
    description: "Connect your VPN.",
    params: [],
    run: (kit) => {
      const connected = connectVpn(kit);
      if (connected === null) return "VPN already connected.";
      return withStatusBar(kit, connected ? "VPN connected successfully." : "No VPN connection to connect.");
    },
  },
  {
    name: "disconnect_vpn",
    kind: "write",
    description: "Disconnect the active VPN connection, which may change speed or what you can reach.",
    params: [],
    run: (kit) => withStatusBar(kit, disconnectVpn(kit) ? "VPN disconnected successfully." : "No active VPN connection to disconnect."),
  },
  {
    name: "check_installed_apps",
    kind: "read",
    description: "List the apps installed on your phone.",
    params: [],
    run: (kit) => `The following apps are installed on the phone: ${[...device(kit).app_statuses.keys()].join(", ")}`,
  },
  {
    name: "check_app_status",
    kind: "read",
    description: "Show an app's details and the permissions it has.",
    params: [param("app_name", STRING, "The app, such as 'messaging'.")],
    run: (kit, a) => {
      const app = appOf(kit, a.app_name!);
      if (!app) return `App '${str(a.app_name!)}' not found on this phone.`;
      const lines = [`Status for App: ${str(a.app_name!)}`];
      const granted = grantedPermissions(app);
      if (!granted.length) lines.push(" - Permissions: None granted.");
      else {
        lines.push(" - Permissions Granted:");
        for (const p of granted) lines.push(`   - ${p}`);
      }
      return lines.join("\n");
    },
  },
  {
    name: "check_app_permissions",
    kind: "read",
    description: "Show which permissions an app has (storage, SMS, phone, network).",
    params: [param("app_name", STRING, "The app, such as 'messaging'.")],
    run: (kit, a) => {
      const app = appOf(kit, a.app_name!);
      if (!app) return `App '${str(a.app_name!)}' not found on this phone.`;
      const granted = grantedPermissions(app);
      return granted.length ? `App '${str(a.app_name!)}' has permission for: ${granted.join(", ")}.` : `App '${str(a.app_name!)}' currently has no permissions granted.`;
    },
  },
  {
    name: "grant_app_permission",
    kind: "write",
    description: "Give an app a permission it needs (such as storage or sms).",
    params: [param("app_name", STRING, "The app, such as 'messaging'."), param("permission", STRING, "The permission, lower case, such as 'storage'.")],
    run: (kit, a) => {
      const app = appOf(kit, a.app_name!);
      const permission = lower(a.permission!);
      let ok: boolean;
      let message: string;
      if (app) {
        const available = Object.keys(app.permissions);
        if (!available.includes(permission)) {
          ok = false;
          message = `Permission '${permission}' not tracked for app '${str(a.app_name!)}', available permissions: [${available.map((p) => `'${p}'`).join(", ")}]`;
        } else {
          (app.permissions as Record<string, PyValue>)[permission] = true;
          ok = true;
          message = `Permission '${permission}' granted to app '${str(a.app_name!)}'.`;
        }
      } else {
        ok = false;
        message = `App '${str(a.app_name!)}' not found. Cannot grant permission.`;
      }
      return withStatusBar(kit, `${ok ? "Success. " : "Error. "}${message}`);
    },
  },
  {
    name: "can_send_mms",
    kind: "read",
    description: "Check whether your messaging app can send MMS (picture) messages.",
    params: [],
    run: (kit) => (canSendMms(kit) ? "Your messaging app can send MMS messages." : "Your messaging app cannot send MMS messages."),
  },
  {
    name: "reboot_device",
    kind: "write",
    description: "Restart your phone, which clears many temporary glitches and restarts its network services.",
    params: [],
    run: (kit) => {
      const d = device(kit);
      const lines: string[] = [];
      if (d.active_apn_settings.reset_at_reboot) {
        lines.push("Resetting APN settings...");
        d.active_apn_settings = defaultApn();
      }
      lines.push("Restarting network services...");
      d.network_connection_status = NETWORK_STATUS.SEARCHING;
      simulateNetworkSearch(kit);
      return withStatusBar(kit, lines.join("\n"));
    },
  },
  {
    name: "check_payment_request",
    kind: "read",
    description: "Check whether the agent has sent you a request to pay a bill.",
    params: [],
    run: (kit) => {
      const r = surroundings(kit).payment_request;
      return r === null ? "No payment request has been made." : `You have a payment request for bill ${r.bill_id} of ${str(r.amount_due)} USD.`;
    },
  },
  {
    name: "make_payment",
    kind: "write",
    description: "Pay the bill the agent requested payment for.",
    params: [],
    run: (kit) => {
      const r = surroundings(kit).payment_request;
      if (r === null) return "You do not have a payment request.";
      r.paid = true;
      return `Payment of ${str(r.amount_due)} USD has been made for bill ${r.bill_id}.`;
    },
  },
];

/** str() of VpnDetails.model_dump(): a dict whose server_performance is still the enum member, shown as its repr. */
function dictRepr(m: VpnDetails): string {
  const perf = (v: string) => `<PerformanceLevel.${v.toUpperCase()}: ${repr(v)}>`;
  return `{${Object.entries(m).map(([k, v]) => `${repr(k)}: ${k === "server_performance" && typeof v === "string" ? perf(v) : repr(v)}`).join(", ")}}`;
}

const fn = (name: string, params: string[], run: MethodDef<TelecomUserKit>["run"]): MethodDef<TelecomUserKit> => ({
  name,
  params: params.map((p) => (p.endsWith("?") ? { name: p.slice(0, -1), schema: {}, default: null } : { name: p, schema: {} })),
  run,
});

function check(cond: boolean): void {
  if (!cond) throw assertionError();
}

const functions: MethodDef<TelecomUserKit>[] = [
  fn("set_user_info", ["name", "phone_number"], (kit, a) => {
    surroundings(kit).name = a.name as string;
    surroundings(kit).phone_number = a.phone_number as string;
    return null;
  }),
  fn("set_user_location", ["abroad"], (kit, a) => {
    surroundings(kit).is_abroad = a.abroad as boolean;
    return null;
  }),
  fn("turn_airplane_mode_on", [], (kit) => {
    if (!toggleAirplane(kit)) toggleAirplane(kit);
    return "Airplane Mode is now ON.";
  }),
  fn("turn_airplane_mode_off", [], (kit) => {
    if (toggleAirplane(kit)) toggleAirplane(kit);
    return "Airplane Mode is now OFF.";
  }),
  fn("unseat_sim_card", [], (kit) => {
    device(kit).sim_card_missing = true;
    simulateNetworkSearch(kit);
    check(device(kit).sim_card_missing && simStatus(kit) === SIM_STATUS.MISSING);
    return "SIM card un-seated successfully.";
  }),
  fn("lock_sim_card", ["mode"], (kit, a) => {
    if (eq(a.mode!, "pin")) device(kit).sim_card_status = SIM_STATUS.LOCKED_PIN;
    else if (eq(a.mode!, "puk")) device(kit).sim_card_status = SIM_STATUS.LOCKED_PUK;
    simulateNetworkSearch(kit);
    return `SIM card locked successfully in ${str(a.mode!)} mode.`;
  }),
  fn("turn_data_on", [], (kit) => {
    device(kit).data_enabled = true;
    return "Data connection restored.";
  }),
  fn("turn_data_off", [], (kit) => {
    if (toggleData(kit)) toggleData(kit);
    return "Data connection broken.";
  }),
  fn("turn_roaming_on", [], (kit) => {
    if (!toggleRoaming(kit)) toggleRoaming(kit);
    return "Data Roaming is now ON.";
  }),
  fn("turn_roaming_off", [], (kit) => {
    if (toggleRoaming(kit)) toggleRoaming(kit);
    return "Data Roaming is now OFF.";
  }),
  fn("turn_data_saver_mode_on", [], (kit) => {
    if (!toggleDataSaver(kit)) toggleDataSaver(kit);
    return "Data Saver Mode is now ON.";
  }),
  fn("turn_data_saver_mode_off", [], (kit) => {
    if (toggleDataSaver(kit)) toggleDataSaver(kit);
    return "Data Saver Mode is now OFF.";
  }),
  fn("break_apn_settings", [], (kit) => {
    device(kit).active_apn_settings.apn_name = APN_NAMES.BROKEN;
    simulateNetworkSearch(kit);
    check(device(kit).network_connection_status === NETWORK_STATUS.NO_SERVICE);
    return "APN settings broken. Please call reset_apn_settings() to fix.";
  }),
  fn("break_apn_mms_setting", [], (kit) => {
    device(kit).active_apn_settings.mmsc_url = null;
    check(!canSendMms(kit));
    return "APN MMS setting broken. Please call reset_apn_settings() to fix.";
  }),
  fn("set_wifi_calling", ["enabled", "mms_over_wifi?"], (kit, a) => {
    const d = device(kit);
    if (!eq(d.wifi_calling_enabled, a.enabled!)) d.wifi_calling_enabled = !d.wifi_calling_enabled;
    let msg = `Wi-Fi Calling is now ${truthy(a.enabled) ? "ON" : "OFF"}.`;
    if (a.mms_over_wifi !== null) {
      d.wifi_calling_mms_over_wifi = a.mms_over_wifi as boolean;
      msg += `\nMMS over Wi-Fi is now ${truthy(a.mms_over_wifi) ? "ON" : "OFF"}.`;
    }
    return msg;
  }),
  fn("break_vpn", [], (kit) => {
    if (!device(kit).vpn_connected) connectVpn(kit);
    device(kit).vpn_details!.server_performance = PERFORMANCE.POOR;
    return "VPN connection broken.";
  }),
  fn("remove_app_permission", ["app_name", "permission"], (kit, a) => {
    const app = appOf(kit, a.app_name!);
    const permission = lower(a.permission!);
    if (!app) return [false, `App '${str(a.app_name!)}' not found. Cannot remove permission.`];
    if (!(permission in app.permissions)) return [false, `Permission '${permission}' not tracked for app '${str(a.app_name!)}'.`];
    (app.permissions as Record<string, PyValue>)[permission] = false;
    return [true, `Permission '${permission}' removed from app '${str(a.app_name!)}'.`];
  }),
  fn("simulate_network_search", [], (kit) => {
    simulateNetworkSearch(kit);
    return null;
  }),
  fn("assert_airplane_mode_status", ["expected_status"], (kit, a) => eq(device(kit).airplane_mode, a.expected_status!)),
  fn("assert_service_status", ["expected_status"], (kit, a) => {
    if (!(Object.values(NETWORK_STATUS) as PyValue[]).includes(a.expected_status!)) throw valueError(`${repr(a.expected_status!)} is not a valid NetworkStatus`);
    return device(kit).network_connection_status === a.expected_status;
  }),
  fn("assert_mobile_data_status", ["expected_status"], (kit, a) => eq(mobileDataWorking(kit), a.expected_status!)),
  fn("assert_mobile_roaming_status", ["expected_status"], (kit, a) => eq(device(kit).roaming_enabled, a.expected_status!)),
  fn("assert_mobile_data_saver_mode_status", ["expected_status"], (kit, a) => eq(device(kit).data_saver_mode, a.expected_status!)),
  fn("assert_internet_speed", ["expected_speed", "expected_desc?"], (kit, a) => {
    const [speed, desc] = speedTest(kit);
    const fast = ge(new PyFloat(speed ?? 0.0), a.expected_speed!);
    return a.expected_desc === null ? fast : fast && desc.toLowerCase() === lower(a.expected_desc!);
  }),
  fn("assert_internet_not_excellent", [], (kit) => speedTest(kit)[1].toLowerCase() !== "excellent"),
  fn("assert_can_send_mms", ["expected_status"], (kit, a) => eq(canSendMms(kit), a.expected_status!)),
  fn("assert_mobile_data_usage_exceeded", ["expected_status"], (kit, a) => eq(surroundings(kit).mobile_data_usage_exceeded, a.expected_status!)),
];

export const TELECOM_USER_TOOLKIT: ToolkitSpec<TelecomUserKit> = { className: "TelecomUserTools", tools, functions };

