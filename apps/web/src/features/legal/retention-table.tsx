const RETENTION: readonly { data: string; kept: string }[] = [
  {
    data: 'Account data',
    kept: 'While your account exists; deleted when you delete the account. Payment and earnings records stay, without your name or address.',
  },
  {
    data: 'Uploaded photos and custom models',
    kept: 'Until you delete them or your account.',
  },
  {
    data: 'Generated content',
    kept: 'Until you delete it or your account; posts fans bought stay for those fans.',
  },
  {
    data: 'Payment records',
    kept: 'As long as tax and accounting law requires (in many countries up to 10 years), also after the account is deleted.',
  },
  {
    data: 'Sign-in sessions',
    kept: 'Until you sign out or the session expires, at most 30 days.',
  },
  { data: 'Copies of your data (exports)', kept: '7 days after they are ready.' },
  { data: 'Server logs', kept: '30 days.' },
  {
    data: 'Support e-mails',
    kept: 'While your account exists; deleted within 30 days after the account is deleted.',
  },
  { data: 'Backups', kept: 'Rotated within 35 days.' },
];

/** Privacy Policy: how long each kind of data is kept. */
export function RetentionTable() {
  return (
    <div className="overflow-hidden rounded-xl border border-ink-700">
      <table className="w-full border-collapse text-left text-sm leading-6">
        <caption className="sr-only">How long Muse keeps each kind of data</caption>
        <thead className="bg-ink-800/80 text-xs tracking-wide text-zinc-300 uppercase">
          <tr>
            <th scope="col" className="w-[38%] px-3 py-2.5 font-semibold sm:px-4">
              Data
            </th>
            <th scope="col" className="px-3 py-2.5 font-semibold sm:px-4">
              How long we keep it
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-800">
          {RETENTION.map((row) => (
            <tr key={row.data} className="align-top">
              <th scope="row" className="px-3 py-3 font-medium text-zinc-100 sm:px-4">
                {row.data}
              </th>
              <td className="px-3 py-3 text-zinc-300 sm:px-4">{row.kept}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
