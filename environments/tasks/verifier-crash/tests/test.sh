#!/bin/bash
set -e
# The verifier depends on a helper that is not there: it stops here, before any reward is written.
source /tests/lib/check-helpers.sh
check_status /app/output/status.txt done
echo 1 > /logs/verifier/reward.txt
