#!/usr/bin/env python3
"""Fetches one raw response from 127.0.0.1 (the exact bytes on the wire) for httplint.

Usage: httplint.py PORT METHOD TARGET [HEADER: value]...
"""

import socket
import sys

port, method, target = int(sys.argv[1]), sys.argv[2], sys.argv[3]
fields = "".join(h + "\r\n" for h in sys.argv[4:])
with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
    s.sendall(f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n{fields}\r\n".encode())
    data = b""
    while chunk := s.recv(65536):
        data += chunk
sys.stdout.buffer.write(data)
