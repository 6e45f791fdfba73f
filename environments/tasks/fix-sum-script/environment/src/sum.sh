#!/bin/bash
# Prints the sum of the integers in the file $1, one per line.
total=0
while read -r n; do
  total=$((total + n))
done < <(grep -E '^[0-9]+$' "$1")
echo "$total"
