#!/bin/bash
# Hidden inputs: negatives, blanks, a last line without a newline.
ok=1
check() {
  printf -- "$1" > /tmp/assay-case.txt
  got=$(bash /app/sum.sh /tmp/assay-case.txt 2>&1)
  if [ "$got" = "$2" ]; then echo "ok: $2"; else echo "wrong: expected $2, got '$got'"; ok=0; fi
}
check '1\n2\n3\n' 6
check '10\n-4\n\n5\n' 11
check '-1\n-2' -3
check '\n\n' 0
echo "$ok" > /logs/verifier/reward.txt
