#!/bin/bash
expected=$(find /etc -mindepth 1 -maxdepth 1 | wc -l)
if [ "$(cat /app/etc-count.txt 2>/dev/null)" = "$expected" ]; then echo 1 > /logs/verifier/reward.txt; else echo "no count, or a wrong one"; echo 0 > /logs/verifier/reward.txt; fi
