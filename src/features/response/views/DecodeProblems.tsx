/** What a view shows when the answer is not what it expects: the decoder's error, its problems. */

/** A decoder's failure: its text, and its problems when it lists some. */
export function DecodeError({
  error,
  problems,
}: {
  error: string;
  problems?: readonly string[] | undefined;
}) {
  return (
    <div className="grid gap-1 text-sm">
      <p className="text-bad">Could not show this result: {error}</p>
      <Problems problems={problems} />
    </div>
  );
}

/** Problems found while decoding a result that is otherwise shown. */
export function Problems({ problems }: { problems?: readonly string[] | undefined }) {
  if (!problems?.length) return null;
  return (
    <section
      aria-label="Problems in the answer"
      className="rounded border border-warn/40 bg-warn-bg p-2 text-sm"
    >
      <p className="font-medium text-warn">
        {problems.length} problem{problems.length === 1 ? "" : "s"} in the answer
      </p>
      <ul className="list-disc pl-5 text-warn">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </section>
  );
}
