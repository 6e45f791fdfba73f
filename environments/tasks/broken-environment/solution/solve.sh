#!/bin/bash
/opt/toolchain/bin/cc --version | head -1 > /app/version.txt
