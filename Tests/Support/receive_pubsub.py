"""A team's backend receiving Google Play's real-time developer notifications from a Pub/Sub push subscription.

Usage: receive_pubsub.py PORT_FILE OUT_FILE [STATUS ...]

Each POST is read as a push request: its message's id, publish time, attributes and
subscription, and its base64 `data` decoded into the DeveloperNotification, one JSON line a
request (receiver.py: the port, the log, the answers). The answers are the STATUS arguments in
turn, then 204 (Pub/Sub's acknowledgement). Plain Python.
"""
import base64
import json
import sys

from receiver import serve


def read(body):
    request = json.loads(body)
    message = request["message"]
    return {
        "messageId": message["messageId"], "publishTime": message["publishTime"],
        "attributes": message["attributes"], "subscription": request["subscription"],
        "notification": json.loads(base64.b64decode(message["data"], validate=True)),
    }


serve(sys.argv[1], sys.argv[2], [int(status) for status in sys.argv[3:]], 204, read)
