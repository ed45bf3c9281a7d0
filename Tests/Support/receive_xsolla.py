"""A team's backend receiving Xsolla's webhooks, checking each signature as Xsolla says to.

Usage: receive_xsolla.py PORT_FILE OUT_FILE SECRET_KEY [ANSWER ...]

Each POST's `Authorization: Signature <hex>` is checked against SHA-1 of the raw body followed
by SECRET_KEY (Xsolla's rule, computed here with hashlib); the line records whether it matched,
the `notification_type` and the body (receiver.py: the port, the log, the answers). An ANSWER is
a status (`204`, `500`, `0` never answers), `reset` or `close` (the connection reset, or closed
before an answer), or a status and Xsolla's error code (`400:INVALID_USER`,
answered as `{"error": {"code": …, "message": …}}`); after them, 204. Plain Python.
"""
import hashlib
import json
import sys

from receiver import serve

secret = sys.argv[3]


def read(body, headers):
    expected = "Signature " + hashlib.sha1(body + secret.encode()).hexdigest()
    webhook = json.loads(body)
    return {"signed": headers.get("Authorization") == expected, "type": webhook["notification_type"], "body": webhook}


def answer(word):
    if word in ("reset", "close"):
        return word
    status, _, code = word.partition(":")
    return (int(status), {"error": {"code": code, "message": "refused by the test backend"}}) if code else int(status)


serve(sys.argv[1], sys.argv[2], [answer(word) for word in sys.argv[4:]], 204, read)
