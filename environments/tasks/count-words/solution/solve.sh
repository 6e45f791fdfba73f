#!/bin/bash
grep -ciw 'assay' /app/data/notes.txt > /app/count.txt
