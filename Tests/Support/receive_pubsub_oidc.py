"""A team's backend behind a Pub/Sub push subscription with authentication, checking each push's token with google-auth.

Usage: receive_pubsub_oidc.py PORT_FILE OUT_FILE CERTS_FILE CERTS_URL AUDIENCE

Each POST's `Authorization: Bearer` token is checked as Google's documentation tells a backend
to: google-auth's `id_token.verify_token` against the certs at CERTS_URL (the local API's
`/oauth2/v1/certs`), and `jwt.decode` against CERTS_FILE (`storefront keys`' google-oidc-certs.json),
both for AUDIENCE. The line records whether each accepted it, the claims, and whether the
token with one claim altered under the same signature was accepted too (it must not be).
Answers 204. Needs google-auth (make pyte).
"""
import base64
import json
import sys

import google.auth.transport.requests
from google.auth import jwt
from google.oauth2 import id_token

from receiver import serve

certs_file, certs_url, audience = sys.argv[3], sys.argv[4], sys.argv[5]


def accepted(check):
    try:
        check()
        return True
    except Exception:  # google-auth raises ValueError and its own errors for a token it refuses
        return False


def decoded(part):
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


def forged(token):
    header, payload, signature = token.split(".")
    claims = decoded(payload)
    claims["email"] = "intruder@example.com"
    altered = base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("=")
    return ".".join([header, altered, signature])


def read(body, headers):
    authorization = headers.get("Authorization") or ""
    line = {"authorization": authorization.split(" ")[0] if authorization else None}
    if not authorization.startswith("Bearer "):
        return line
    token = authorization[len("Bearer "):]
    with open(certs_file) as file:
        certs = json.load(file)
    request = google.auth.transport.requests.Request()
    line["verifiedByURL"] = accepted(lambda: id_token.verify_token(token, request, audience=audience, certs_url=certs_url))
    line["verifiedByFile"] = accepted(lambda: jwt.decode(token, certs=certs, audience=audience))
    line["forgedAccepted"] = accepted(lambda: jwt.decode(forged(token), certs=certs, audience=audience))
    line["otherAudienceAccepted"] = accepted(lambda: jwt.decode(token, certs=certs, audience=audience + "/other"))
    line["header"] = decoded(token.split(".")[0])
    line["claims"] = jwt.decode(token, verify=False)
    line["token"] = token
    return line


serve(sys.argv[1], sys.argv[2], [], 204, read)
