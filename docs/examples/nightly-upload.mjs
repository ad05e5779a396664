/* eslint-disable no-console -- a command-line example prints what it did */
// A nightly job of a student information system, in Node 20 or later (no dependencies): send the
// day's awards to Laurel as JSON rows, wait until they are checked and stored, print the refusals.
//   LAUREL_URL=http://localhost:3000 LAUREL_API_KEY=laurel_live_… LAUREL_ORGANIZATION_ID=2 \
//     node nightly-upload.mjs
import { createHash } from 'node:crypto';

const { LAUREL_URL, LAUREL_API_KEY, LAUREL_ORGANIZATION_ID } = process.env;
const headers = { authorization: `Bearer ${LAUREL_API_KEY}` };

async function call(path, init = {}) {
  const response = await fetch(`${LAUREL_URL}${path}`, {
    ...init,
    headers: { ...headers, ...init.headers },
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

// Where the awards come from: the student information system's export of the day.
const rows = [
  {
    credential_code: 'NW-ACCT-CERT',
    external_id: 'SIS-20261129-001',
    first_name: 'Rosa',
    last_name: 'Martínez',
    email: 'rosa.martinez@example.org',
    date_of_birth: null,
    award_date: '2026-11-28',
  },
];

const body = JSON.stringify({ fileName: 'sis-nightly.json', rows });
// The same rows, the same key: a retried run answers the first upload, never a second one.
const key = `nightly-${createHash('sha256').update(body).digest('hex').slice(0, 32)}`;
let upload = await call(`/api/organizations/${LAUREL_ORGANIZATION_ID}/uploads`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'idempotency-key': key },
  body,
});
console.log(`upload ${upload.id}: ${upload.status}`);
while (upload.status === 'PENDING' || upload.status === 'PROCESSING') {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  upload = await call(`/api/uploads/${upload.id}`);
}
const { status, rowsTotal, rowsOk, rowsFailed, errorMessage } = upload;
console.log({ status, rowsTotal, rowsOk, rowsFailed, errorMessage });
if (rowsFailed > 0) {
  const refusals = await call(`/api/uploads/${upload.id}/refusals?pageSize=100`);
  for (const r of refusals.items)
    console.log(`row ${r.rowNumber} ${r.column ?? '(row)'}: ${r.message}`);
}
if (status === 'FAILED') process.exitCode = 1;
