import { type DataColumn, DataTable } from "../../../components/ui/DataTable.tsx";
import { MESSAGE_DOCS } from "../embed-messages.ts";

type MessageDoc = (typeof MESSAGE_DOCS)[number];

const COLUMNS: readonly DataColumn<MessageDoc>[] = [
  { key: "direction", header: "Direction", className: "whitespace-nowrap", cell: (m) => m.direction },
  { key: "message", header: "Message", className: "font-mono text-xs", cell: (m) => m.shape },
  { key: "meaning", header: "Meaning", cell: (m) => m.meaning },
];

/** The messages between a host page and the embed, and what each means. */
export function MessageTable() {
  return (
    <section aria-label="Messages" className="flex flex-col gap-2">
      <h2 className="font-semibold">Messages</h2>
      <p className="max-w-3xl text-sm">
        Messages are plain objects posted with <code>postMessage</code>. The embed obeys a message only from
        its parent window and from an origin listed in <code>origins=</code> (or its own); others are ignored.
        It posts results only to your page's exact origin, never to <code>"*"</code>, and never includes the
        key.
      </p>
      <DataTable rows={MESSAGE_DOCS} columns={COLUMNS} rowKey={(m) => m.shape} fit />
    </section>
  );
}
