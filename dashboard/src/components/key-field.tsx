/**
 * A secret field that never shows a key back: once a key is entered (or the
 * server says one is set) it reads "Key set" with Replace and Remove.
 * value: undefined = keep what the server has, null = remove it, string = a new key.
 */
import { useState } from "preact/hooks";

export function KeyField({ id, label, value, serverSet, onChange }: { id: string; label: string; value: string | null | undefined; serverSet: boolean; onChange: (v: string | null | undefined) => void }) {
  const isSet = (typeof value === "string" && value.length > 0) || (value === undefined && serverSet);
  const [editing, setEditing] = useState(!isSet);
  const [draft, setDraft] = useState("");

  if (!editing && isSet) {
    return (
      <div class="field key-field">
        <span class="label" id={`${id}-label`}>
          {label}
        </span>
        <div class="key-state" aria-labelledby={`${id}-label`} data-testid={`${id}-state`}>
          <span class="key-set">
            <span aria-hidden="true">●</span> Key set
          </span>{" "}
          <button
            type="button"
            class="small"
            onClick={() => {
              setDraft("");
              setEditing(true);
            }}
          >
            Replace
          </button>{" "}
          <button
            type="button"
            class="small"
            onClick={() => {
              onChange(serverSet ? null : undefined);
              setEditing(true);
            }}
          >
            Remove
          </button>
        </div>
      </div>
    );
  }
  const commit = () => {
    if (draft.trim()) {
      onChange(draft.trim());
      setDraft("");
      setEditing(false);
    }
  };
  return (
    <div class="field key-field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete="off"
        spellcheck={false}
        placeholder={value === null ? "Removed; enter a new key or leave empty" : "No key set"}
        value={draft}
        onInput={(e) => setDraft((e.target as HTMLInputElement).value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          }
        }}
      />
      <small class="hint">Stored sealed on the server and never shown again.</small>
    </div>
  );
}
