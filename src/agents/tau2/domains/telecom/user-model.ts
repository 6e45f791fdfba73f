/**
 * The telecom domain's user side: the simulated phone (SIM, radios, mobile
 * data, APN, Wi-Fi, calling, VPN, apps and their permissions) and the
 * user's surroundings (who and where they are, signal per network type,
 * whether the line is active or the data allowance used up, a payment the
 * agent requested). Defaults are the reference's; every model forbids
 * unknown keys. Pure, no I/O.
 */
import { construct, dict, lit, model, opt, S, tagModel, withDefault, type Infer } from "../../py/model";

const NO_EXTRA = { forbidExtra: true };

export const SIM_STATUS = { ACTIVE: "active", MISSING: "missing", LOCKED_PIN: "locked_pin", LOCKED_PUK: "locked_puk" } as const;
export const NETWORK_TECH = { NONE: "none", TWO_G: "2G", THREE_G: "3G", FOUR_G: "4G", FIVE_G: "5G" } as const;
export const NETWORK_MODE = { FOUR_G_5G_PREFERRED: "4g_5g_preferred", FOUR_G_ONLY: "4g_only", THREE_G_ONLY: "3g_only", TWO_G_ONLY: "2g_only" } as const;
export const SIGNAL = { NONE: "none", POOR: "poor", FAIR: "fair", GOOD: "good", EXCELLENT: "excellent" } as const;
export const PERFORMANCE = { UNKNOWN: "unknown", POOR: "poor", FAIR: "fair", GOOD: "good", EXCELLENT: "excellent" } as const;
export const NETWORK_STATUS = { CONNECTED: "connected", SEARCHING: "searching", NO_SERVICE: "no_service", EMERGENCY_ONLY: "emergency_only" } as const;
export const APN_NAMES = { INTERNET: "internet", BROKEN: "broken" } as const;

const Signal = lit(...Object.values(SIGNAL));
const Tech = lit(...Object.values(NETWORK_TECH));

export const APNSettings = model(
  "APNSettings",
  {
    apn_name: withDefault(lit(...Object.values(APN_NAMES)), () => APN_NAMES.INTERNET),
    reset_at_reboot: withDefault(S.bool, () => false),
    mms_apn: withDefault(opt(S.str), () => "mms"),
    mmsc_url: withDefault(opt(S.str), () => "http://mms.carrier.com/mms/wapenc"),
    mms_proxy: withDefault(opt(S.str), () => null),
    mms_port: withDefault(opt(S.int), () => null),
  },
  NO_EXTRA,
);
export type APNSettings = Infer<typeof APNSettings>;

export const VpnDetails = model(
  "VpnDetails",
  {
    server_address: withDefault(opt(S.str), () => null),
    protocol: withDefault(opt(S.str), () => null),
    server_performance: withDefault(lit(...Object.values(PERFORMANCE)), () => PERFORMANCE.UNKNOWN),
  },
  NO_EXTRA,
);
export type VpnDetails = Infer<typeof VpnDetails>;

export const AppPermissions = model(
  "AppPermissions",
  {
    sms: withDefault(S.bool, () => false),
    storage: withDefault(S.bool, () => false),
    phone: withDefault(S.bool, () => false),
    network: withDefault(S.bool, () => false),
  },
  NO_EXTRA,
);
export type AppPermissions = Infer<typeof AppPermissions>;

const permissions = (p: Partial<Record<"sms" | "storage" | "phone" | "network", boolean>>) =>
  tagModel(AppPermissions, { sms: p.sms ?? false, storage: p.storage ?? false, phone: p.phone ?? false, network: p.network ?? false });

export const AppStatus = model("AppStatus", { app_name: S.str, permissions: withDefault(AppPermissions, () => permissions({})) }, NO_EXTRA);
export type AppStatus = Infer<typeof AppStatus>;

export const StatusBar = model(
  "StatusBar",
  {
    signal_strength: withDefault(Signal, () => SIGNAL.NONE),
    network_type: withDefault(Tech, () => NETWORK_TECH.NONE),
    wifi_connected: withDefault(S.bool, () => false),
    airplane_mode: withDefault(S.bool, () => false),
    vpn_active: withDefault(S.bool, () => false),
    data_saver_active: withDefault(S.bool, () => false),
    battery_level: withDefault(S.int, () => 100),
  },
  NO_EXTRA,
);

export const MockPhoneAttributes = model(
  "MockPhoneAttributes",
  {
    sim_card_status: withDefault(lit(...Object.values(SIM_STATUS)), () => SIM_STATUS.ACTIVE),
    sim_card_missing: withDefault(S.bool, () => false),
    airplane_mode: withDefault(S.bool, () => false),
    network_signal_strength: withDefault(Signal, () => SIGNAL.GOOD),
    network_technology_connected: withDefault(Tech, () => NETWORK_TECH.FIVE_G),
    network_connection_status: withDefault(lit(...Object.values(NETWORK_STATUS)), () => NETWORK_STATUS.CONNECTED),
    battery_level: withDefault(S.int, () => 80),
    data_enabled: withDefault(S.bool, () => true),
    roaming_enabled: withDefault(S.bool, () => false),
    network_mode_preference: withDefault(lit(...Object.values(NETWORK_MODE)), () => NETWORK_MODE.FOUR_G_5G_PREFERRED),
    active_apn_settings: withDefault(APNSettings, () => defaultApn()),
    wifi_enabled: withDefault(S.bool, () => false),
    wifi_connected: withDefault(S.bool, () => false),
    wifi_ssid: withDefault(opt(S.str), () => null),
    wifi_signal_strength: withDefault(Signal, () => SIGNAL.NONE),
    wifi_calling_enabled: withDefault(S.bool, () => false),
    wifi_calling_mms_over_wifi: withDefault(S.bool, () => false),
    data_saver_mode: withDefault(S.bool, () => false),
    vpn_enabled_setting: withDefault(S.bool, () => false),
    vpn_connected: withDefault(S.bool, () => false),
    vpn_details: withDefault(opt(VpnDetails), () => null),
    app_statuses: withDefault(dict(AppStatus), () => new Map([
      ["messaging", tagModel(AppStatus, { app_name: "messaging", permissions: permissions({ sms: true, storage: true, phone: true }) })],
      ["browser", tagModel(AppStatus, { app_name: "browser", permissions: permissions({ network: true, storage: true }) })],
    ])),
  },
  NO_EXTRA,
);
export type MockPhoneAttributes = Infer<typeof MockPhoneAttributes>;

/** APNSettings(): every field at its default. */
export function defaultApn(): APNSettings {
  return tagModel(APNSettings, {
    apn_name: APN_NAMES.INTERNET,
    reset_at_reboot: false,
    mms_apn: "mms",
    mmsc_url: "http://mms.carrier.com/mms/wapenc",
    mms_proxy: null,
    mms_port: null,
  }) as APNSettings;
}

export const PaymentRequest = model("PaymentRequest", { bill_id: S.str, amount_due: S.float, paid: withDefault(S.bool, () => false) }, NO_EXTRA);
export type PaymentRequest = Infer<typeof PaymentRequest>;

export const UserSurroundings = model(
  "UserSurroundings",
  {
    name: withDefault(opt(S.str), () => null),
    phone_number: withDefault(opt(S.str), () => null),
    is_abroad: withDefault(S.bool, () => false),
    roaming_allowed: withDefault(S.bool, () => false),
    signal_strength: withDefault(dict(Signal), () => new Map([
      [NETWORK_TECH.TWO_G, SIGNAL.POOR],
      [NETWORK_TECH.THREE_G, SIGNAL.FAIR],
      [NETWORK_TECH.FOUR_G, SIGNAL.GOOD],
      [NETWORK_TECH.FIVE_G, SIGNAL.EXCELLENT],
    ])),
    mobile_data_usage_exceeded: withDefault(S.bool, () => false),
    line_active: withDefault(S.bool, () => true),
    payment_request: withDefault(opt(PaymentRequest), () => null),
  },
  NO_EXTRA,
);
export type UserSurroundings = Infer<typeof UserSurroundings>;

export const TelecomUserDB = model(
  "TelecomUserDB",
  {
    device: withDefault(MockPhoneAttributes, () => construct(MockPhoneAttributes, {})),
    surroundings: withDefault(UserSurroundings, () => construct(UserSurroundings, {})),
  },
  NO_EXTRA,
);
export type TelecomUserDB = Infer<typeof TelecomUserDB>;
