"""Verifies Google Play purchases as an Android app does, with Python's `cryptography`.

Usage: verify_play_purchases.py HISTORY.json LICENCE_KEY

HISTORY.json is what `storefront history --json` printed; LICENCE_KEY is what `storefront
public-key --path play` printed: the Base64 DER public key the Play Console shows. Each
transaction that carries a Google Play purchase (`originalJson` and `signature`) is checked the
way the Play Billing samples' `Security.verifyPurchase` checks it: the Base64 signature, RSA
PKCS #1 v1.5 with SHA-1 (`SHA1withRSA`), over the JSON's UTF-8 bytes exactly as given.

Prints one JSON object: for each such transaction its id, whether the signature verifies, and
the JSON's fields as parsed (or the reason it is not JSON). Exit 69 when `cryptography` is
missing, 65 when the input is not what `history --json` and `public-key` print.
"""
import base64
import binascii
import json
import sys

try:
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding
    from cryptography.hazmat.primitives.serialization import load_der_public_key
except ImportError:
    print("cryptography is not installed in this Python; run `make pyte` (a virtualenv under .build)", file=sys.stderr)
    sys.exit(69)


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(65)


def main():
    if len(sys.argv) != 3:
        fail("usage: verify_play_purchases.py HISTORY.json LICENCE_KEY")
    try:
        with open(sys.argv[1], encoding="utf-8") as file:
            history = json.load(file)
        key = load_der_public_key(base64.b64decode(sys.argv[2].strip(), validate=True))
    except (OSError, ValueError, binascii.Error) as error:
        fail(f"cannot read the history or the key: {error}")
    purchases = []
    for transaction in history.get("transactions", []):
        if "originalJson" not in transaction:
            continue
        original = transaction["originalJson"]
        try:
            key.verify(base64.b64decode(transaction["signature"], validate=True), original.encode("utf-8"),
                       padding.PKCS1v15(), hashes.SHA1())
            verified = True
        except (InvalidSignature, binascii.Error, ValueError):
            verified = False
        try:
            fields = json.loads(original)
        except ValueError as error:
            fields = {"notJson": str(error)}
        purchases.append({"id": transaction["id"], "verified": verified, "fields": fields})
    print(json.dumps({"purchases": purchases}))


main()
