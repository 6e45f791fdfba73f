#!/bin/bash
cat > /app/sum.sh <<'SCRIPT'
#!/bin/bash
# Prints the sum of the integers in the file $1, one per line.
total=0
while IFS= read -r n || [ -n "$n" ]; do
  n=$(echo "$n" | tr -d '[:space:]')
  [ -z "$n" ] && continue
  total=$((total + n))
done < "$1"
echo "$total"
SCRIPT
chmod +x /app/sum.sh
