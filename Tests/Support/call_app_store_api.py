"""Calls storefront's App Store Server API with Apple's own client, as a team's backend does.

Usage: call_app_store_api.py BASE_URL KEYS_DIR BUNDLE_ID APP_APPLE_ID TRANSACTION_ID

KEYS_DIR is what `storefront keys --out` wrote (its `.p8`, `storefront-root.cer`); the key id
and issuer id are read from the files it wrote beside (KEY_ID, ISSUER_ID). Apple's
`AppStoreServerAPIClient` in `Environment.SANDBOX`, its base URL pointed at BASE_URL, gets the
transaction's info, its customer's whole history page by page (v2), all subscription
statuses and the refund history page by page; every JWS it gets goes through Apple's
`SignedDataVerifier` with the root. Then the errors: an unknown id, a malformed one, a revision
the server never gave and a foreign key, each with the APIException Apple's client raises. Last,
it sends consumption information for the transaction (v1 `send_consumption_data` and v2
`send_consumption_information`), each once without the customer's consent, and extends the
subscription's renewal date (`extend_subscription_renewal_date`): refused for 91 days and an
unknown id, made once for a request identifier sent twice, and read back from the statuses.

Prints one JSON object with what was got and verified. Exit 69 when the library is missing.
"""
import glob
import json
import os
import sys
import warnings

# send_consumption_data (v1) is deprecated in the library for its v2; storefront serves both.
warnings.simplefilter("ignore", DeprecationWarning)

try:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient, GetTransactionHistoryVersion
    from appstoreserverlibrary.models.AccountTenure import AccountTenure
    from appstoreserverlibrary.models.ConsumptionRequest import ConsumptionRequest
    from appstoreserverlibrary.models.DeliveryStatus import DeliveryStatus
    from appstoreserverlibrary.models.ExtendReasonCode import ExtendReasonCode
    from appstoreserverlibrary.models.ExtendRenewalDateRequest import ExtendRenewalDateRequest
    from appstoreserverlibrary.models.RefundPreference import RefundPreference
    from appstoreserverlibrary.models.ConsumptionRequestV1 import ConsumptionRequestV1
    from appstoreserverlibrary.models.ConsumptionStatus import ConsumptionStatus
    from appstoreserverlibrary.models.DeliveryStatusV1 import DeliveryStatusV1
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.models.LifetimeDollarsPurchased import LifetimeDollarsPurchased
    from appstoreserverlibrary.models.LifetimeDollarsRefunded import LifetimeDollarsRefunded
    from appstoreserverlibrary.models.Platform import Platform
    from appstoreserverlibrary.models.PlayTime import PlayTime
    from appstoreserverlibrary.models.RefundPreferenceV1 import RefundPreferenceV1
    from appstoreserverlibrary.models.UserStatus import UserStatus
    from appstoreserverlibrary.models.TransactionHistoryRequest import Order, TransactionHistoryRequest
    from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier, VerificationException
except ImportError:
    print("app-store-server-library is not installed in this Python; run `make pyte`", file=sys.stderr)
    sys.exit(69)


def client(base_url, key, key_id, issuer_id, bundle_id):
    made = AppStoreServerAPIClient(key, key_id, issuer_id, bundle_id, Environment.SANDBOX)
    made._base_url = base_url
    return made


def failure(call):
    try:
        call()
        return {"raised": False}
    except APIException as error:
        return {"raised": True, "status": error.http_status_code, "errorCode": error.raw_api_error}


def main():
    base_url, keys_dir, bundle_id, app_apple_id, transaction_id = sys.argv[1:6]
    key_file = glob.glob(os.path.join(keys_dir, "SubscriptionKey_*.p8"))[0]
    key = open(key_file, "rb").read()
    key_id = os.path.basename(key_file)[len("SubscriptionKey_"):-len(".p8")]
    issuer_id = open(os.path.join(keys_dir, "ISSUER_ID")).read().strip()
    root = open(os.path.join(keys_dir, "storefront-root.cer"), "rb").read()
    verifier = SignedDataVerifier([root], False, Environment.SANDBOX, bundle_id, int(app_apple_id))
    api = client(base_url, key, key_id, issuer_id, bundle_id)
    result = {}

    info = api.get_transaction_info(transaction_id)
    result["info"] = verifier.verify_and_decode_signed_transaction(info.signedTransactionInfo).transactionId

    history, revision, pages = [], None, 0
    while True:
        page = api.get_transaction_history(transaction_id, revision, TransactionHistoryRequest(sort=Order.ASCENDING),
                                           GetTransactionHistoryVersion.V2)
        pages += 1
        history += [verifier.verify_and_decode_signed_transaction(t).transactionId for t in page.signedTransactions]
        revision = page.revision
        if not page.hasMore or pages > 50:
            break
    result["history"] = history
    result["pages"] = pages
    result["historyEnvironment"] = page.environment.value if page.environment else None
    result["historyAppAppleId"] = page.appAppleId

    statuses = api.get_all_subscription_statuses(transaction_id)
    result["statuses"] = []
    for group in statuses.data or []:
        for last in group.lastTransactions or []:
            renewal = verifier.verify_and_decode_renewal_info(last.signedRenewalInfo)
            transaction = verifier.verify_and_decode_signed_transaction(last.signedTransactionInfo)
            result["statuses"].append({
                "group": group.subscriptionGroupIdentifier, "status": last.rawStatus,
                "originalTransactionId": last.originalTransactionId,
                "renewalOriginal": renewal.originalTransactionId, "transactionOriginal": transaction.originalTransactionId,
            })

    refunds, revision, pages = [], None, 0
    while True:
        page = api.get_refund_history(transaction_id, revision)
        pages += 1
        for signed in page.signedTransactions:
            refunded = verifier.verify_and_decode_signed_transaction(signed)
            refunds.append({"transactionId": refunded.transactionId, "revocationDate": refunded.revocationDate,
                            "revocationReason": refunded.rawRevocationReason})
        revision = page.revision
        if not page.hasMore or pages > 50:
            break
    result["refunds"] = refunds
    result["refundUnknown"] = failure(lambda: api.get_refund_history("2000000099999999", None))
    result["refundRevision"] = failure(lambda: api.get_refund_history(transaction_id, "not-a-revision"))

    result["unknown"] = failure(lambda: api.get_transaction_info("2000000099999999"))
    result["malformed"] = failure(lambda: api.get_transaction_info("not-a-number"))
    foreign = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    result["foreignKey"] = failure(lambda: client(base_url, foreign, key_id, issuer_id, bundle_id).get_transaction_info(transaction_id))
    result["otherApp"] = failure(lambda: client(base_url, key, key_id, issuer_id, "com.example.other").get_transaction_info(transaction_id))

    def consumption(consented):
        return ConsumptionRequestV1(
            customerConsented=consented, consumptionStatus=ConsumptionStatus.PARTIALLY_CONSUMED, platform=Platform.APPLE,
            sampleContentProvided=True, deliveryStatus=DeliveryStatusV1.DELIVERED_AND_WORKING_PROPERLY, appAccountToken="",
            accountTenure=AccountTenure.THIRTY_DAYS_TO_NINETY_DAYS, playTime=PlayTime.ONE_TO_SIX_HOURS,
            lifetimeDollarsRefunded=LifetimeDollarsRefunded.ZERO_DOLLARS,
            lifetimeDollarsPurchased=LifetimeDollarsPurchased.ONE_CENT_TO_FORTY_NINE_DOLLARS_AND_NINETY_NINE_CENTS,
            userStatus=UserStatus.ACTIVE, refundPreference=RefundPreferenceV1.PREFER_DECLINE)

    result["consumptionUnconsented"] = failure(lambda: api.send_consumption_data(transaction_id, consumption(False)))
    result["consumption"] = failure(lambda: api.send_consumption_data(transaction_id, consumption(True)))

    def consumption_v2(consented):
        return ConsumptionRequest(customerConsented=consented, sampleContentProvided=False,
                                  deliveryStatus=DeliveryStatus.UNDELIVERED_SERVER_OUTAGE, consumptionPercentage=50000,
                                  refundPreference=RefundPreference.GRANT_PRORATED)

    result["consumptionV2Unconsented"] = failure(lambda: api.send_consumption_information(transaction_id, consumption_v2(False)))
    result["consumptionV2"] = failure(lambda: api.send_consumption_information(transaction_id, consumption_v2(True)))

    def expiry():
        for group in api.get_all_subscription_statuses(transaction_id).data or []:
            for last in group.lastTransactions or []:
                return verifier.verify_and_decode_signed_transaction(last.signedTransactionInfo).expiresDate

    def extend(days, request_identifier, original=transaction_id):
        made = api.extend_subscription_renewal_date(original, ExtendRenewalDateRequest(
            extendByDays=days, extendReasonCode=ExtendReasonCode.SERVICE_ISSUE_OR_OUTAGE, requestIdentifier=request_identifier))
        return {"success": made.success, "effectiveDate": made.effectiveDate, "originalTransactionId": made.originalTransactionId}

    result["expiryBefore"] = expiry()
    result["extendTooLong"] = failure(lambda: extend(91, "too-long"))
    result["extendUnknown"] = failure(lambda: extend(3, "unknown", "2000000099999999"))
    result["extended"] = extend(3, "outage-1")
    result["extendedAgain"] = extend(3, "outage-1")
    result["expiryAfter"] = expiry()
    print(json.dumps(result))


main()
