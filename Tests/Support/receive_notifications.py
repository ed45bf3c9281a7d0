"""A team's backend receiving App Store Server Notifications V2, as Apple's library has it read them.

Usage: receive_notifications.py PORT_FILE OUT_FILE ROOT_DER BUNDLE_ID [STATUS ...]

Listens on 127.0.0.1, a port the system picks, written to PORT_FILE once it listens. Each POST's
`signedPayload` goes through Apple's `SignedDataVerifier.verify_and_decode_notification` (the
root `storefront keys` wrote, online checks off, the sandbox, the bundle id); one JSON line per
request is appended to OUT_FILE: the path, the decoded notification's type, UUID and data (its
transaction and renewal info verified and decoded too), or the verifier's error. The answers are the STATUS arguments in turn, then 200. Runs until killed.
Exit 69 when the library is missing.
"""
import json
import sys

from receiver import serve

try:
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException
except ImportError:
    print("app-store-server-library is not installed in this Python; run `make pyte`", file=sys.stderr)
    sys.exit(69)

port_file, out_file, root_file, bundle_id = sys.argv[1:5]
answers = [int(status) for status in sys.argv[5:]]
with open(root_file, "rb") as root:
    verifier = SignedDataVerifier([root.read()], False, Environment.SANDBOX, bundle_id)


def read(body):
    line = {}
    try:
        signed = json.loads(body)["signedPayload"]
        decoded = verifier.verify_and_decode_notification(signed)
        line.update({
            "type": decoded.rawNotificationType, "subtype": decoded.rawSubtype, "uuid": decoded.notificationUUID,
            "version": decoded.version, "bundleId": decoded.data.bundleId,
            "environment": decoded.data.rawEnvironment, "appAppleId": decoded.data.appAppleId,
            "signedDate": decoded.signedDate, "status": decoded.data.rawStatus,
            "consumptionRequestReason": getattr(decoded.data, "rawConsumptionRequestReason", None),
        })
        if decoded.data.signedTransactionInfo:
            transaction = verifier.verify_and_decode_signed_transaction(decoded.data.signedTransactionInfo)
            line.update({"transactionId": transaction.transactionId, "productId": transaction.productId,
                         "revoked": transaction.revocationDate is not None,
                         "ownership": transaction.rawInAppOwnershipType})
        if decoded.data.signedRenewalInfo:
            renewal = verifier.verify_and_decode_renewal_info(decoded.data.signedRenewalInfo)
            line["autoRenewStatus"] = renewal.rawAutoRenewStatus
    except VerificationException as error:
        line["error"] = "VerificationException %s" % error.status
    return line


serve(port_file, out_file, answers, 200, read)
