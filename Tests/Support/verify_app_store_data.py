"""Verifies App Store signed data as a team's backend does, with Apple's app-store-server-library.

Usage: verify_app_store_data.py RUNS.json

RUNS.json lists the state directories to check: [{"history": FILE, "root": FILE, "appAppleId": N,
"otherRoot": FILE}], where FILE `history` is what `storefront history --json` printed, `root`
the root certificate (DER) `storefront keys` wrote for the same state directory and `otherRoot`
another state directory's. Each transaction that carries an App Store JWS (`signedTransaction`)
goes through Apple's `SignedDataVerifier` with online checks off (no network, the chain checked
at the payload's `signedDate`), in the environment and for the bundle id the payload names; then
again with the other root, which must refuse it. Xcode's data (environment `Xcode`) is decoded
as Apple's library decodes it, unchecked, and checked once more as sandbox data, which its one
certificate must fail.

Each subscription's renewal info (`signedRenewalInfo`) goes through `verify_and_decode_renewal_info`,
each player's app transaction (`signedAppTransaction`) through `verify_and_decode_app_transaction`.

Prints one JSON object: for each such transaction (and renewal info) its id, whether it verifies (and Apple's
status when it does not), the decoded fields Apple's model gave, and whether the other root
refused it. Exit 69 when the library is missing, 65 when the input is not what it should be.
"""
import base64
import json
import sys

try:
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException
except ImportError:
    print("app-store-server-library is not installed in this Python; run `make pyte` (a virtualenv under .build)",
          file=sys.stderr)
    sys.exit(69)


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(65)


def unverified_payload(compact):
    """The payload's claims, read without checking anything, to choose the verifier's settings."""
    parts = compact.split(".")
    if len(parts) != 3:
        return {}
    padded = parts[1] + "=" * (-len(parts[1]) % 4)
    try:
        return json.loads(base64.urlsafe_b64decode(padded))
    except ValueError:
        return {}


def verifier(root, claims, app_apple_id):
    environment = Environment(claims.get("environment", "Sandbox"))
    return SignedDataVerifier([root], False, environment, claims.get("bundleId", ""), app_apple_id)


def check(run):
    try:
        history = json.load(open(run["history"]))
        root = open(run["root"], "rb").read()
        other_root = open(run["otherRoot"], "rb").read()
    except (OSError, KeyError, ValueError) as error:
        fail(f"cannot read a run {run}: {error}")
    verdicts = []
    for transaction in history.get("transactions", []):
        compact = transaction.get("signedTransaction")
        if not compact:
            continue
        claims = unverified_payload(compact)
        verdict = {"id": transaction.get("id"), "verified": False}
        if claims.get("environment") == "Xcode":
            # Apple's library reads Xcode's data without checking it; a backend's sandbox
            # branch, with the true root, must refuse it.
            try:
                verifier(root, {**claims, "environment": "Sandbox"}, run["appAppleId"]).verify_and_decode_signed_transaction(compact)
                verdict["sandboxStatus"] = "VERIFIED"
            except VerificationException as error:
                verdict["sandboxStatus"] = error.status.name
        try:
            decoded = verifier(root, claims, run["appAppleId"]).verify_and_decode_signed_transaction(compact)
            verdict["verified"] = True
            verdict["fields"] = {
                "transactionId": decoded.transactionId, "originalTransactionId": decoded.originalTransactionId,
                "productId": decoded.productId, "bundleId": decoded.bundleId,
                "type": decoded.type.value if decoded.type else None,
                "environment": decoded.environment.value if decoded.environment else None,
                "inAppOwnershipType": decoded.inAppOwnershipType.value if decoded.inAppOwnershipType else None,
                "transactionReason": decoded.transactionReason.value if decoded.transactionReason else None,
                "purchaseDate": decoded.purchaseDate, "signedDate": decoded.signedDate,
                "price": decoded.price, "currency": decoded.currency, "storefront": decoded.storefront,
            }
        except VerificationException as error:
            verdict["status"] = error.status.name
        try:
            verifier(other_root, claims, run["appAppleId"]).verify_and_decode_signed_transaction(compact)
            verdict["otherRootRefused"] = False
        except VerificationException:
            verdict["otherRootRefused"] = True
        verdicts.append(verdict)
    for player in history.get("players", []):
        for subscription in player.get("subscriptions", []):
            compact = subscription.get("signedRenewalInfo")
            if not compact:
                continue
            claims = unverified_payload(compact)
            verdict = {"renewalOf": subscription.get("originalTransactionId"), "verified": False}
            try:
                decoded = verifier(root, claims, run["appAppleId"]).verify_and_decode_renewal_info(compact)
                verdict["verified"] = True
                verdict["fields"] = {
                    "originalTransactionId": decoded.originalTransactionId, "productId": decoded.productId,
                    "autoRenewProductId": decoded.autoRenewProductId,
                    "autoRenewStatus": decoded.autoRenewStatus.value if decoded.autoRenewStatus is not None else None,
                    "environment": decoded.environment.value if decoded.environment else None,
                    "signedDate": decoded.signedDate,
                }
            except VerificationException as error:
                verdict["status"] = error.status.name
            verdicts.append(verdict)
        compact = player.get("signedAppTransaction")
        if compact:
            claims = unverified_payload(compact)
            verdict = {"appTransactionOf": player.get("userId"), "verified": False}
            try:
                settings = {"environment": claims.get("receiptType", "Sandbox"), "bundleId": claims.get("bundleId", "")}
                decoded = verifier(root, settings, run["appAppleId"]).verify_and_decode_app_transaction(compact)
                verdict["verified"] = True
                verdict["fields"] = {
                    "receiptType": decoded.receiptType.value if decoded.receiptType else None,
                    "appAppleId": decoded.appAppleId, "bundleId": decoded.bundleId,
                    "appTransactionId": decoded.appTransactionId, "originalPurchaseDate": decoded.originalPurchaseDate,
                    "receiptCreationDate": decoded.receiptCreationDate,
                    "originalApplicationVersion": decoded.originalApplicationVersion,
                    "originalPlatform": decoded.originalPlatform.value if decoded.originalPlatform else None,
                    "deviceVerificationNonce": decoded.deviceVerificationNonce,
                }
            except VerificationException as error:
                verdict["status"] = error.status.name
            verdicts.append(verdict)
    return verdicts


def main():
    if len(sys.argv) != 2:
        fail("usage: verify_app_store_data.py RUNS.json")
    try:
        runs = json.load(open(sys.argv[1]))
    except (OSError, ValueError) as error:
        fail(f"cannot read {sys.argv[1]}: {error}")
    print(json.dumps({"runs": [check(run) for run in runs]}))


main()
