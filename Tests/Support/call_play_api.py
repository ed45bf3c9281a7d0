"""Calls storefront's Google Play Developer API with Google's own client, as a team's backend does.

Usage: call_play_api.py BASE_URL SERVICE_ACCOUNT_JSON PACKAGE_NAME PLAN

PLAN is a JSON file: {"calls": [{"name": ..., "resource": "products"|"subscriptions"|
"subscriptionsv2"|"voidedpurchases", "method": "get"|"acknowledge"|..., "args": {...},
"credentials": "service"|"anonymous"|"noscope"}]}. google-auth's service-account credentials
fetch their token from the file's token_uri (storefront's token endpoint) with the JWT-bearer
grant; `build('androidpublisher', 'v3', ...)` with `client_options={'api_endpoint': BASE_URL}`
makes each call. An HttpError is recorded with its status and Google's reason.

Prints one JSON object: each call's name to {"ok": result} or {"status": N, "reason": R}.
Exit 69 when the libraries are missing.
"""
import json
import sys

try:
    import httplib2
    from google.oauth2 import service_account
    from googleapiclient.discovery import build
    from googleapiclient.errors import HttpError
except ImportError:
    print("google-api-python-client and google-auth are not installed in this Python; run `make pyte`", file=sys.stderr)
    sys.exit(69)

SCOPE = "https://www.googleapis.com/auth/androidpublisher"


def service(base_url, credentials):
    # Without credentials, a plain HTTP client: the request carries no Authorization at all.
    transport = {"http": httplib2.Http()} if credentials is None else {"credentials": credentials}
    return build("androidpublisher", "v3", client_options={"api_endpoint": base_url}, cache_discovery=False,
                 static_discovery=True, **transport)


def main():
    base_url, key_file, package_name, plan_file = sys.argv[1:5]
    with open(plan_file) as plan:
        calls = json.load(plan)["calls"]
    made = {
        "service": service_account.Credentials.from_service_account_file(key_file, scopes=[SCOPE]),
        "anonymous": None,
        "noscope": service_account.Credentials.from_service_account_file(
            key_file, scopes=["https://www.googleapis.com/auth/cloud-platform"]),
    }
    services = {name: service(base_url, credentials) for name, credentials in made.items()}
    results = {}
    for call in calls:
        purchases = services[call.get("credentials", "service")].purchases()
        resource = getattr(purchases, call["resource"])()
        args = dict(call.get("args", {}))
        args.setdefault("packageName", package_name)
        try:
            results[call["name"]] = {"ok": getattr(resource, call["method"])(**args).execute()}
        except HttpError as error:
            reason = None
            try:
                details = json.loads(error.content.decode("utf-8"))["error"]
                reason = (details.get("errors") or [{}])[0].get("reason")
            except (ValueError, KeyError, AttributeError):
                pass
            results[call["name"]] = {"status": error.resp.status, "reason": reason}
    print(json.dumps(results, sort_keys=True))


if __name__ == "__main__":
    main()
