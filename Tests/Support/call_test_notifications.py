"""Asks storefront's App Store Server API for test notifications with Apple's own client.

Usage: call_test_notifications.py BASE_URL KEYS_DIR BUNDLE_ID

Requests a test notification (`request_test_notification`), waits until its status
(`get_test_notification_status`) has an attempt, twice (the receiver answers the first 500);
reads the notification history (`get_notification_history`), all of it and only the failures;
then the errors Apple's client raises for a malformed token, an unknown one and a history whose
start is after its end. Every `signedPayload` goes through Apple's `verify_and_decode_notification`.
Prints one JSON object. Exit 69 when the library is missing.
"""
import glob
import json
import os
import sys
import time
import uuid

try:
    from cryptography.hazmat.primitives import serialization
    from appstoreserverlibrary.api_client import APIException, AppStoreServerAPIClient
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
    from appstoreserverlibrary.models.NotificationTypeV2 import NotificationTypeV2
    from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier
except ImportError:
    print("app-store-server-library is not installed in this Python; run `make pyte`", file=sys.stderr)
    sys.exit(69)

base_url, keys_dir, bundle_id = sys.argv[1:4]
key_file = glob.glob(os.path.join(keys_dir, "SubscriptionKey_*.p8"))[0]
with open(key_file, "rb") as key:
    signing_key = key.read()
read = lambda name: open(os.path.join(keys_dir, name)).read().strip()
client = AppStoreServerAPIClient(signing_key, read("KEY_ID"), read("ISSUER_ID"), bundle_id, Environment.SANDBOX)
client._base_url = base_url
with open(os.path.join(keys_dir, "storefront-root.cer"), "rb") as root:
    verifier = SignedDataVerifier([root.read()], False, Environment.SANDBOX, bundle_id)


def failure(call):
    try:
        call()
        return {"raised": False}
    except APIException as error:
        return {"raised": True, "status": error.http_status_code, "errorCode": error.raw_api_error}


def status_when_attempted(token):
    # The app posts off its loop: the status has its attempt once the receiver has answered.
    # No time limit but the test's own: a loaded machine only takes longer.
    while True:
        status = client.get_test_notification_status(token)
        if status.sendAttempts:
            return status
        time.sleep(0.05)


result = {"tests": []}
for _ in range(2):
    token = client.request_test_notification().testNotificationToken
    status = status_when_attempted(token)
    decoded = verifier.verify_and_decode_notification(status.signedPayload)
    result["tests"].append({
        "token": token, "type": decoded.rawNotificationType, "uuid": decoded.notificationUUID,
        "attempts": [attempt.rawSendAttemptResult for attempt in status.sendAttempts],
    })

now = int(time.time() * 1000)
window = {"startDate": now - 170 * 86_400_000, "endDate": now + 400 * 86_400_000}
history = client.get_notification_history(None, NotificationHistoryRequest(**window))
result["history"] = [
    {"uuid": verifier.verify_and_decode_notification(item.signedPayload).notificationUUID,
     "attempts": [attempt.rawSendAttemptResult for attempt in item.sendAttempts]}
    for item in history.notificationHistory
]
result["historyHasMore"] = history.hasMore
failures = client.get_notification_history(None, NotificationHistoryRequest(onlyFailures=True, **window))
result["failures"] = [verifier.verify_and_decode_notification(item.signedPayload).notificationUUID
                      for item in failures.notificationHistory]
typed = client.get_notification_history(None, NotificationHistoryRequest(notificationType=NotificationTypeV2.TEST, **window))
result["typed"] = len(typed.notificationHistory)
result["malformedToken"] = failure(lambda: client.get_test_notification_status("not-a-token"))
result["unknownToken"] = failure(lambda: client.get_test_notification_status(str(uuid.uuid4()) + "_1700000000000"))
result["backwards"] = failure(lambda: client.get_notification_history(
    None, NotificationHistoryRequest(startDate=now, endDate=now - 1)))
print(json.dumps(result))
