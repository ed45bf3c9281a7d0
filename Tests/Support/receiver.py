"""What the tests' notification receivers share: listen, read each POST, log it, answer.

`serve(port_file, out_file, answers, default, read)` listens on 127.0.0.1, a port the system
picks, written to PORT_FILE once it listens. Each POST's body (and its headers, for a `read`
that takes two arguments) goes through `read`, which returns the fields of its JSON line (a
body it cannot read raises, and the line says why); the line, with the path, the Content-Type
and the status answered, is appended to OUT_FILE. The answers are `answers` in turn (0: never
answer; "reset": reset the connection; "close": close it before answering; a pair: a status and
the JSON body to answer with), then `default`. Runs until killed.
"""
import json
import os
import socket
import struct
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def serve(port_file, out_file, answers, default, read):
    class Receiver(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            line = {"path": self.path, "contentType": self.headers.get("Content-Type")}
            try:
                line.update(read(body, self.headers) if read.__code__.co_argcount == 2 else read(body))
            except Exception as error:  # a body not of the store's shape: said, not raised
                line["error"] = repr(error)
            status = answers.pop(0) if answers else default
            status, answer = status if isinstance(status, tuple) else (status, None)
            line["answered"] = status
            with open(out_file, "a") as out:
                out.write(json.dumps(line) + "\n")
            if status == 0:  # never answers: a backend that hangs (its line is written first)
                time.sleep(3600)
                return
            if status in ("reset", "close"):
                if status == "reset":
                    # Linger 0 and closed here, before the server's own shutdown sends a FIN:
                    # the close sends RST, as a crashing backend's does.
                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    self.connection.close()
                self.close_connection = True
                return
            payload = json.dumps(answer).encode() if answer is not None else b""
            self.send_response(status)
            if payload:
                self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *arguments):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    # Written aside and renamed, so a test never reads half a port.
    with open(port_file + ".part", "w") as port:
        port.write(str(server.server_address[1]))
    os.replace(port_file + ".part", port_file)
    server.serve_forever()
