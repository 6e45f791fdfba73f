#!/bin/bash
printf 'Hello, Assay!\n' > /app/hello.txt
