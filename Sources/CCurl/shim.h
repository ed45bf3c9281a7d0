#ifndef STOREFRONT_CCURL_SHIM_H
#define STOREFRONT_CCURL_SHIM_H

// libcurl, the HTTP client the stores' notifications are posted with. `curl_easy_setopt` is
// variadic, which Swift cannot call, so one POST is one C call here: the options are fixed
// (redirects followed as a POST, at most five; no signals, for threads), the answer's start is
// copied into the caller's buffer, and the outcome is one of a few kinds every store's rules
// can name.
#include <stdlib.h>
#include <string.h>
#include <curl/curl.h>

enum sf_post_outcome {
    SF_POST_ANSWERED = 0,
    SF_POST_TIMED_OUT,
    SF_POST_NO_RESPONSE,
    SF_POST_TLS,
    SF_POST_CIRCULAR_REDIRECT,
    SF_POST_SOCKET,
    SF_POST_PREMATURE_CLOSE,
    SF_POST_INVALID_RESPONSE,
    SF_POST_OTHER,
};

struct sf_post_answer {
    long status;
    double seconds;
    char *buffer;
    size_t capacity;
    size_t length;
    char error[CURL_ERROR_SIZE];
};

static size_t sf_post_keep(char *data, size_t size, size_t count, void *context) {
    struct sf_post_answer *answer = context;
    size_t bytes = size * count;
    size_t room = answer->capacity - answer->length;
    size_t kept = bytes < room ? bytes : room;
    if (kept > 0) {
        memcpy(answer->buffer + answer->length, data, kept);
        answer->length += kept;
    }
    return bytes;  // the rest is read and let go: the answer is never cut short
}

/// Once, before any thread posts.
static inline int sf_curl_start(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
}

static inline enum sf_post_outcome sf_curl_outcome(CURLcode code) {
    switch (code) {
    case CURLE_OK: return SF_POST_ANSWERED;
    case CURLE_OPERATION_TIMEDOUT: return SF_POST_TIMED_OUT;
    case CURLE_COULDNT_CONNECT: case CURLE_COULDNT_RESOLVE_HOST: case CURLE_COULDNT_RESOLVE_PROXY:
        return SF_POST_NO_RESPONSE;
    case CURLE_SSL_CONNECT_ERROR: case CURLE_PEER_FAILED_VERIFICATION: case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER: case CURLE_SSL_CACERT_BADFILE: case CURLE_USE_SSL_FAILED:
        return SF_POST_TLS;
    case CURLE_TOO_MANY_REDIRECTS: return SF_POST_CIRCULAR_REDIRECT;
    case CURLE_SEND_ERROR: case CURLE_RECV_ERROR: return SF_POST_SOCKET;
    case CURLE_GOT_NOTHING: case CURLE_PARTIAL_FILE: return SF_POST_PREMATURE_CLOSE;
    case CURLE_WEIRD_SERVER_REPLY: case CURLE_UNSUPPORTED_PROTOCOL: return SF_POST_INVALID_RESPONSE;
    default: return SF_POST_OTHER;
    }
}

/// POSTs `length` bytes of `body` to `url` with `headers` (`Name: value` lines, one per `\n`);
/// the answer's status, time and first bytes go to `answer`.
static inline enum sf_post_outcome sf_curl_post(const char *url, const char *body, size_t length, const char *headers,
                                                long connect_ms, long total_ms, struct sf_post_answer *answer) {
    CURL *curl = curl_easy_init();
    if (curl == NULL) {
        strcpy(answer->error, "libcurl could not start a transfer");
        return SF_POST_OTHER;
    }
    struct curl_slist *list = NULL;
    char *lines = strdup(headers);
    for (char *line = lines, *end; line != NULL; line = end ? end + 1 : NULL) {
        end = strchr(line, '\n');
        if (end) *end = 0;
        if (*line) list = curl_slist_append(list, line);
    }
    free(lines);
    // libcurl's own `Expect: 100-continue` would wait a second on bodies past 1 KiB.
    list = curl_slist_append(list, "Expect:");
    answer->error[0] = 0;
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_POST, 1L);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)length);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, connect_ms);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, total_ms);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
    curl_easy_setopt(curl, CURLOPT_POSTREDIR, (long)CURL_REDIR_POST_ALL);
    // Only HTTP, redirects included: a backend's redirect to ftp:// or file:// is not followed.
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "storefront");
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, sf_post_keep);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, answer);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, answer->error);
    CURLcode code = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &answer->status);
    curl_easy_getinfo(curl, CURLINFO_TOTAL_TIME, &answer->seconds);
    if (code != CURLE_OK && answer->error[0] == 0) strncpy(answer->error, curl_easy_strerror(code), CURL_ERROR_SIZE - 1);
    curl_slist_free_all(list);
    curl_easy_cleanup(curl);
    return sf_curl_outcome(code);
}

#endif
