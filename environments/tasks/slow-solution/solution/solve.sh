#!/bin/bash
# Right, but too slow for the task's 3 s.
sleep 30
find /etc -mindepth 1 -maxdepth 1 | wc -l > /app/etc-count.txt
