#!/bin/bash
mkdir -p /app/output
echo done > /app/output/status.txt
