import type { AuditEntry } from "@contract/admin";

import { useBackOfficeText } from "./text";
import { tableClass, when } from "./ui";

/** Audit rows: when, who, what (model and record) and the action. */
export function AuditTable({ entries, lng }: { entries: readonly AuditEntry[]; lng: string }) {
  const t = useBackOfficeText();
  if (!entries.length) return <p className="text-sm">{t("audit.empty")}</p>;
  return (
    <table className={tableClass}>
      <thead>
        <tr>
          <th>{t("audit.at")}</th>
          <th>{t("audit.user")}</th>
          <th>{t("audit.model")}</th>
          <th>{t("audit.record")}</th>
          <th>{t("audit.action")}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td>
              <time dateTime={e.at}>{when(e.at, lng)}</time>
            </td>
            <td>{e.user?.name ?? ""}</td>
            <td>{e.model}</td>
            <td>{e.record_id ?? ""}</td>
            <td>{e.action}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
