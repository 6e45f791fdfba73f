#!/bin/bash
# Reward 1 when /app/hello.txt holds exactly "Hello, Assay!" and a newline.
if [ "$(cat /app/hello.txt 2>/dev/null)" = "Hello, Assay!" ] && [ "$(tail -c 1 /app/hello.txt | od -An -c | tr -d ' ')" = '\n' ]; then
  echo "hello.txt is right"
  echo 1 > /logs/verifier/reward.txt
else
  echo "hello.txt is missing or wrong: $(head -c 200 /app/hello.txt 2>&1)"
  echo 0 > /logs/verifier/reward.txt
fi
