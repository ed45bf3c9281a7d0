#ifndef STOREFRONT_CHTTP_SHIM_H
#define STOREFRONT_CHTTP_SHIM_H

// libmicrohttpd, the HTTP/1.1 server the stores' APIs are served with. Its start is variadic,
// which Swift cannot call, and a request's body arrives in pieces over several calls of the
// access handler; this shim starts the daemon with fixed options and gathers each body (up to
// a limit) so that Swift is called once per whole request.
//
// What libmicrohttpd (0.9.75) answers itself, before any handler sees the request, with a body
// of its own (HTML, not the stores' JSON), Tests/HostTests/HTTPServerLoadTests.swift: 400 to a
// request line without a version or with a word after it, an unknown protocol name (HTTX/1.1),
// a header line without a colon, a NUL before the method, a chunk size that is not hex or a
// Content-Length that is not a number; 505 to a version other than 1.0 and 1.1; 414 and 431 to
// a request line or headers past its memory limit (32 KiB); and to a request line of one word
// (`GET`, or garbage), it closes the connection without a word. A NUL inside the request line or
// a header value ends it there: the handler sees what came before (a C string).
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <microhttpd.h>

// One request, whole: what Swift reads (`sf_http_*` below) and answers with `sf_http_respond`.
struct sf_http_request {
    struct MHD_Connection *connection;
    const char *method;
    // The request target as the client sent it, percent escapes and query included (Swift
    // decodes it: libmicrohttpd's decoded URL is a C string, which a %00 would cut short).
    char *raw_url;
    size_t raw_url_length;
    int started;
    char *body;
    size_t body_length;
    size_t body_capacity;
    int too_large;
    int answered;
};

typedef void (*sf_http_handler)(void *context, struct sf_http_request *request);

struct sf_http_server {
    sf_http_handler handler;
    void *context;
    size_t body_limit;
};

// Answers with `status` and `body` (copied), its `Content-Type` when given.
static inline int sf_http_respond(struct sf_http_request *request, unsigned int status, const char *body, size_t length,
                                  const char *content_type) {
    struct MHD_Response *response = MHD_create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (response == NULL) return 0;
    if (content_type != NULL) MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, content_type);
    int queued = MHD_queue_response(request->connection, status, response) == MHD_YES;
    MHD_destroy_response(response);
    request->answered = 1;
    return queued;
}

// A request header's value (names match whatever their case), or NULL.
static inline const char *sf_http_header(struct sf_http_request *request, const char *name) {
    return MHD_lookup_connection_value(request->connection, MHD_HEADER_KIND, name);
}

// Calls `each` with every query argument, decoded, in order, repeated names included, with
// their lengths (a %00 in a value is kept, not an end).
typedef void (*sf_http_argument)(void *context, const char *name, size_t name_length, const char *value,
                                 size_t value_length);
struct sf_http_arguments { sf_http_argument each; void *context; };
static inline enum MHD_Result sf_http_one_argument(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                                   const char *value, size_t value_size) {
    (void)kind;
    struct sf_http_arguments *arguments = cls;
    arguments->each(arguments->context, key, key_size, value != NULL ? value : "", value != NULL ? value_size : 0);
    return MHD_YES;
}
static inline void sf_http_arguments(struct sf_http_request *request, sf_http_argument each, void *context) {
    struct sf_http_arguments arguments = { each, context };
    MHD_get_connection_values_n(request->connection, MHD_GET_ARGUMENT_KIND, sf_http_one_argument, &arguments);
}

// Called with the request target before libmicrohttpd decodes it: the request is made here,
// keeping the target as sent. What it returns is the request's context (`con_cls`), which
// `sf_http_completed` frees, whether or not the request reached the handler.
static inline void *sf_http_request_begins(void *cls, const char *uri, struct MHD_Connection *connection) {
    (void)cls;
    struct sf_http_request *request = calloc(1, sizeof *request);
    if (request == NULL) return NULL;
    request->connection = connection;
    request->raw_url = strdup(uri != NULL ? uri : "");
    request->raw_url_length = request->raw_url != NULL ? strlen(request->raw_url) : 0;
    return request;
}

static inline enum MHD_Result sf_http_access(void *cls, struct MHD_Connection *connection, const char *url,
                                             const char *method, const char *version, const char *upload_data,
                                             size_t *upload_data_size, void **con_cls) {
    (void)version;
    struct sf_http_server *server = cls;
    (void)url;
    struct sf_http_request *request = *con_cls;
    if (request == NULL || request->raw_url == NULL) return MHD_NO;  // out of memory at its start
    if (!request->started) {
        request->started = 1;
        request->method = method;
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        size_t size = *upload_data_size;
        *upload_data_size = 0;
        if (request->too_large || request->body_length + size > server->body_limit) {
            request->too_large = 1;
            return MHD_YES;
        }
        if (request->body_length + size > request->body_capacity) {
            size_t capacity = (request->body_length + size) * 2;
            char *grown = realloc(request->body, capacity);
            if (grown == NULL) return MHD_NO;
            request->body = grown;
            request->body_capacity = capacity;
        }
        memcpy(request->body + request->body_length, upload_data, size);
        request->body_length += size;
        return MHD_YES;
    }
    server->handler(server->context, request);
    return request->answered ? MHD_YES : MHD_NO;
}

static inline void sf_http_completed(void *cls, struct MHD_Connection *connection, void **con_cls,
                                     enum MHD_RequestTerminationCode code) {
    (void)cls; (void)connection; (void)code;
    struct sf_http_request *request = *con_cls;
    if (request == NULL) return;
    free(request->raw_url);
    free(request->body);
    free(request);
    *con_cls = NULL;
}

// Starts serving on `address` (IPv4, such as 127.0.0.1) and `port` with `threads` threads of its
// own, each taking connections in turn and answering them side by side (the connection limit is
// shared among them); NULL when the address is not one, or the port cannot be had.
static inline struct MHD_Daemon *sf_http_start(struct sf_http_server *server, const char *address, uint16_t port,
                                               unsigned int connection_limit, unsigned int timeout_seconds,
                                               unsigned int threads) {
    struct sockaddr_in where;
    memset(&where, 0, sizeof where);
    where.sin_family = AF_INET;
    where.sin_port = htons(port);
    if (inet_pton(AF_INET, address, &where.sin_addr) != 1) return NULL;
    // No error log: it would write on the terminal the app draws; the caller says what failed.
    return MHD_start_daemon(MHD_USE_AUTO_INTERNAL_THREAD, port, NULL, NULL,
                            sf_http_access, server,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&where,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_THREAD_POOL_SIZE, threads,
                            MHD_OPTION_NOTIFY_COMPLETED, sf_http_completed, NULL,
                            MHD_OPTION_URI_LOG_CALLBACK, sf_http_request_begins, NULL,
                            MHD_OPTION_END);
}

// The port the daemon listens on (the one the system chose when 0 was asked for).
static inline uint16_t sf_http_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info != NULL ? info->port : 0;
}

// How many connections the daemon holds open now.
static inline unsigned int sf_http_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info != NULL ? info->num_connections : 0;
}

// A TCP connection to `address:port` (IPv4), closed on exec and never raising SIGPIPE, or -1
// with errno set: the client side of the loopback that the bench and the tests speak HTTP over.
// Here, beside the server's IPv4 address, rather than in Platform: Platform keeps to the C names
// both systems' headers are checked for, and the IPv4 address's are not among them.
static inline int sf_http_connect(const char *address, uint16_t port) {
    struct sockaddr_in where;
    memset(&where, 0, sizeof where);
    where.sin_family = AF_INET;
    where.sin_port = htons(port);
    if (inet_pton(AF_INET, address, &where.sin_addr) != 1) { errno = EINVAL; return -1; }
    int descriptor = socket(AF_INET, SOCK_STREAM, 0);
    if (descriptor < 0) return -1;
    fcntl(descriptor, F_SETFD, FD_CLOEXEC);
#ifdef SO_NOSIGPIPE
    int on = 1;
    setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
    if (connect(descriptor, (struct sockaddr *)&where, sizeof where) != 0) {
        int error = errno;
        close(descriptor);
        errno = error;
        return -1;
    }
    return descriptor;
}

#endif
