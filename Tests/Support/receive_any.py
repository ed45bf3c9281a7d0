"""Every store's notifications at one receiver: the crash matrix's backend, one for all its trials.

Usage: receive_any.py PORT_FILE OUT_FILE

Each POST's body says which store wrote it, and the line keeps the id a backend de-duplicates
by (receiver.py: the port, the log): the App Store's `notificationUUID`, read from the JWS
payload without checking its signature (the matrix asks where a notification went, not whether
it is Apple's); Pub/Sub's `messageId`; for Xsolla, whose webhooks carry no id, the type and the
transaction: `transaction.external_id`, else `order.invoice_id` (`order_paid`), else the
subscription's id. A body cut short by a killed sender is marked `truncated`, not misread.
Answers 200, which all three take as delivered. Plain Python.
"""
import base64
import json
import sys

from receiver import serve


def payload_of(jws):
    part = jws.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


def xsolla_id(webhook):
    for section, field in (("transaction", "external_id"), ("order", "invoice_id"), ("subscription", "subscription_id")):
        value = (webhook.get(section) or {}).get(field)
        if value not in (None, ""):
            return "%s %s" % (webhook["notification_type"], value)
    return webhook["notification_type"]


def read(body, headers):
    if len(body) < int(headers.get("Content-Length", "0")):
        return {"truncated": True}
    request = json.loads(body)
    if "signedPayload" in request:
        return {"store": "appStore", "id": payload_of(request["signedPayload"])["notificationUUID"]}
    if "message" in request:
        return {"store": "googlePlay", "id": request["message"]["messageId"]}
    if "notification_type" in request:
        return {"store": "xsolla", "id": xsolla_id(request)}
    raise ValueError("a body of no store's shape")


serve(sys.argv[1], sys.argv[2], [], 200, read)
