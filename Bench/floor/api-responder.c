// The floor under the App Store Server API's latency: a bare libmicrohttpd program answering
// every request with one fixed small JSON body, started with the options the app's server uses
// (Sources/CHTTP/shim.h: its own pool of threads, MHD_USE_AUTO_INTERNAL_THREAD, on 127.0.0.1). Nothing
// else: what a request to it costs is what any libmicrohttpd server pays for the loopback, the
// parse and the answer. It prints the port the system gave it, then serves until its standard
// input ends (the bench closes it; a killed bench leaves no server behind).
//
//     cc -O2 -o .build/api-responder-floor Bench/floor/api-responder.c $(pkg-config --cflags --libs libmicrohttpd)

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static const char body[] = "{\"signedTransactionInfo\":\"floor\"}";

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    // The first call sees the headers only; the answer goes with the second, as the app's shim does.
    if (*con_cls == NULL) {
        *con_cls = (void *)1;
        return MHD_YES;
    }
    *upload_data_size = 0;
    struct MHD_Response *response =
        MHD_create_response_from_buffer(sizeof body - 1, (void *)body, MHD_RESPMEM_PERSISTENT);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
    enum MHD_Result queued = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return queued;
}

int main(void) {
    // As many threads as the app's server: one a core, at most four.
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned int threads = cores < 1 ? 1u : cores > 4 ? 4u : (unsigned int)cores;
    struct sockaddr_in where;
    memset(&where, 0, sizeof where);
    where.sin_family = AF_INET;
    where.sin_port = 0;
    inet_pton(AF_INET, "127.0.0.1", &where.sin_addr);
    struct MHD_Daemon *daemon = MHD_start_daemon(MHD_USE_AUTO_INTERNAL_THREAD, 0, NULL, NULL, answer, NULL,
                                                 MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&where,
                                                 MHD_OPTION_CONNECTION_LIMIT, 4000u,
                                                 MHD_OPTION_CONNECTION_TIMEOUT, 10u,
                                                 MHD_OPTION_THREAD_POOL_SIZE, threads, MHD_OPTION_END);
    if (daemon == NULL) {
        fprintf(stderr, "api-responder: could not listen on 127.0.0.1\n");
        return 1;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    printf("%u\n", info != NULL ? (unsigned)info->port : 0u);
    fflush(stdout);
    char buffer[64];
    while (read(STDIN_FILENO, buffer, sizeof buffer) > 0) {}
    MHD_stop_daemon(daemon);
    return 0;
}
