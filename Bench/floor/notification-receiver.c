// The team's backend at its fastest, for `storefront bench --notifications`: a bare
// libmicrohttpd program that reads each POST's whole body and answers 204 with nothing, started
// with the options Bench/floor/api-responder.c uses (its own pool of threads, on 127.0.0.1).
// Beside it, a second port that listens and never accepts: a backend that hangs, where a
// connection is made by the kernel and no answer ever comes. It prints both ports on its first
// line (`PORT HANGING-PORT`); each line read on its standard input then asks for the POSTs
// answered so far (one number a line), so the bench checks what reached the backend; it ends
// when its standard input ends (a killed bench leaves no server behind).
//
// Given the project's secret key (its one argument), a POST to /xsolla is an Xsolla webhook: it
// is read whole and its `Authorization: Signature <hex>` checked as a backend checks it, SHA-1
// of the body followed by the key; a wrong one is answered 400 INVALID_SIGNATURE, as Xsolla
// asks. Each count line then says the POSTs answered and, after a space, the webhooks among
// them whose signature held, so the bench knows every one it timed arrived signed right.
//
//     cc -O2 -o .build/notification-receiver Bench/floor/notification-receiver.c $(pkg-config --cflags --libs libmicrohttpd libcrypto)

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <openssl/evp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static atomic_long answered;
static atomic_long signed_right;
static const char *secret;

// The body of a webhook being read, kept to check its signature once it is whole.
struct webhook {
    char *bytes;
    size_t length;
    size_t capacity;
};

// Any other POST is marked by this, and its body dropped as it comes.
static char unkept;

static int append(struct webhook *webhook, const char *bytes, size_t length) {
    if (webhook->length + length > webhook->capacity) {
        size_t capacity = (webhook->length + length) * 2;
        char *grown = realloc(webhook->bytes, capacity);
        if (grown == NULL) return 0;
        webhook->bytes = grown;
        webhook->capacity = capacity;
    }
    memcpy(webhook->bytes + webhook->length, bytes, length);
    webhook->length += length;
    return 1;
}

// Whether `authorization` is `Signature ` and the hex SHA-1 of the body followed by the secret.
static int signature_holds(struct webhook *webhook, const char *authorization) {
    static const char prefix[] = "Signature ";
    if (authorization == NULL || strncmp(authorization, prefix, sizeof prefix - 1) != 0) return 0;
    if (!append(webhook, secret, strlen(secret))) return 0;
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (EVP_Digest(webhook->bytes, webhook->length, digest, &size, EVP_sha1(), NULL) != 1) return 0;
    char hex[2 * EVP_MAX_MD_SIZE + 1];
    for (unsigned int index = 0; index < size; index++) snprintf(hex + 2 * index, 3, "%02x", digest[index]);
    return strcmp(authorization + sizeof prefix - 1, hex) == 0;
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls) {
    (void)cls; (void)method; (void)version;
    // The first call sees the headers only; then the body comes in pieces; the answer goes once
    // it has all been read.
    if (*con_cls == NULL) {
        *con_cls = &unkept;
        if (secret != NULL && strcmp(url, "/xsolla") == 0) {
            struct webhook *webhook = calloc(1, sizeof *webhook);
            if (webhook == NULL) return MHD_NO;
            *con_cls = webhook;
        }
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        if (*con_cls != &unkept && !append(*con_cls, upload_data, *upload_data_size)) return MHD_NO;
        *upload_data_size = 0;
        return MHD_YES;
    }
    int holds = 0;
    if (*con_cls != &unkept) {
        holds = signature_holds(*con_cls, MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Authorization"));
        if (!holds) {
            static const char refusal[] = "{\"error\":{\"code\":\"INVALID_SIGNATURE\",\"message\":\"Invalid signature\"}}";
            struct MHD_Response *response = MHD_create_response_from_buffer(sizeof refusal - 1, (void *)refusal,
                                                                             MHD_RESPMEM_PERSISTENT);
            if (response == NULL) return MHD_NO;
            enum MHD_Result queued = MHD_queue_response(connection, MHD_HTTP_BAD_REQUEST, response);
            MHD_destroy_response(response);
            return queued;
        }
    }
    struct MHD_Response *response = MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    if (response == NULL) return MHD_NO;
    enum MHD_Result queued = MHD_queue_response(connection, MHD_HTTP_NO_CONTENT, response);
    MHD_destroy_response(response);
    if (queued == MHD_YES) {
        atomic_fetch_add(&answered, 1);
        if (holds) atomic_fetch_add(&signed_right, 1);
    }
    return queued;
}

// A request is over, answered or not: a webhook's body goes.
static void completed(void *cls, struct MHD_Connection *connection, void **con_cls, enum MHD_RequestTerminationCode code) {
    (void)cls; (void)connection; (void)code;
    if (*con_cls != NULL && *con_cls != &unkept) {
        struct webhook *webhook = *con_cls;
        free(webhook->bytes);
        free(webhook);
    }
    *con_cls = NULL;
}

// A socket that listens and is never accepted from: the kernel completes each connection (up
// to the backlog), the request is sent, and nothing ever answers.
static int hanging_socket(unsigned *port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    struct sockaddr_in where;
    memset(&where, 0, sizeof where);
    where.sin_family = AF_INET;
    inet_pton(AF_INET, "127.0.0.1", &where.sin_addr);
    socklen_t length = sizeof where;
    if (bind(fd, (struct sockaddr *)&where, sizeof where) != 0 || listen(fd, 4096) != 0
        || getsockname(fd, (struct sockaddr *)&where, &length) != 0) {
        close(fd);
        return -1;
    }
    *port = ntohs(where.sin_port);
    return fd;
}

int main(int argc, char **argv) {
    secret = argc > 1 ? argv[1] : NULL;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned int threads = cores < 1 ? 1u : cores > 4 ? 4u : (unsigned int)cores;
    struct sockaddr_in where;
    memset(&where, 0, sizeof where);
    where.sin_family = AF_INET;
    inet_pton(AF_INET, "127.0.0.1", &where.sin_addr);
    struct MHD_Daemon *daemon = MHD_start_daemon(MHD_USE_AUTO_INTERNAL_THREAD, 0, NULL, NULL, answer, NULL,
                                                 MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&where,
                                                 MHD_OPTION_CONNECTION_LIMIT, 4000u,
                                                 MHD_OPTION_CONNECTION_TIMEOUT, 10u,
                                                 MHD_OPTION_THREAD_POOL_SIZE, threads,
                                                 MHD_OPTION_NOTIFY_COMPLETED, completed, NULL, MHD_OPTION_END);
    unsigned hanging_port = 0;
    int hanging = hanging_socket(&hanging_port);
    if (daemon == NULL || hanging < 0) {
        fprintf(stderr, "notification-receiver: could not listen on 127.0.0.1\n");
        return 1;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    printf("%u %u\n", info != NULL ? (unsigned)info->port : 0u, hanging_port);
    fflush(stdout);
    char line[64];
    while (fgets(line, sizeof line, stdin) != NULL) {
        printf("%ld %ld\n", atomic_load(&answered), atomic_load(&signed_right));
        fflush(stdout);
    }
    MHD_stop_daemon(daemon);
    close(hanging);
    return 0;
}
