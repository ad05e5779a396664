#!/usr/bin/env bash
# A nightly job of a student information system: send the day's awards to Laurel, wait until they
# are checked and stored, and print the rows Laurel refused. Needs curl and jq.
#   LAUREL_URL=http://localhost:3000 LAUREL_API_KEY=laurel_live_… LAUREL_ORGANIZATION_ID=2 \
#     ./nightly-upload.sh awards-2026-11-29.csv
set -euo pipefail
file="$1"
auth=(-H "Authorization: Bearer ${LAUREL_API_KEY}")
# The same key for the same file: a retried run answers the first upload, never a second one.
key="nightly-$(basename "$file")-$(sha256sum "$file" | cut -c1-16)"

upload=$(curl -sS --fail-with-body "${auth[@]}" \
  -H "Idempotency-Key: ${key}" -H 'Content-Type: text/csv' \
  --data-binary "@${file}" \
  "${LAUREL_URL}/api/organizations/${LAUREL_ORGANIZATION_ID}/uploads")
id=$(jq -r .id <<<"$upload")
echo "upload ${id}: $(jq -r .status <<<"$upload")"

while :; do
  upload=$(curl -sS --fail-with-body "${auth[@]}" "${LAUREL_URL}/api/uploads/${id}")
  status=$(jq -r .status <<<"$upload")
  case "$status" in
    PENDING | PROCESSING) sleep 2 ;;
    *) break ;;
  esac
done
jq '{status, rowsTotal, rowsOk, rowsFailed, errorMessage}' <<<"$upload"

if [ "$(jq -r .rowsFailed <<<"$upload")" != 0 ]; then
  curl -sS --fail-with-body "${auth[@]}" "${LAUREL_URL}/api/uploads/${id}/refusals?pageSize=100" |
    jq -r '.items[] | "row \(.rowNumber) \(.column // "(row)"): \(.message)"'
fi
[ "$status" != FAILED ]
