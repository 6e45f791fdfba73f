#!/bin/bash
# The expected count comes from the verifier's own copy of the notes, so an edited /app/data changes nothing.
expected=$(grep -ciw 'assay' /tests/notes.txt)
got=$(tr -d '[:space:]' < /app/count.txt 2>/dev/null)
echo "expected ${expected}, found '${got}'"
if [ "$got" = "$expected" ]; then exact=1; else exact=0; fi
printf '{"reward": %s, "exact": %s}\n' "$exact" "$exact" > /logs/verifier/reward.json
