// The team's backend at its fastest, for `storefront bench --notifications`: a bare
// libmicrohttpd program that reads each POST's whole body and answers 204 with nothing, started
// with the options Bench/floor/api-responder.c uses (its own pool of threads, on 127.0.0.1).
// Beside it, a second port that listens and never accepts: a backend that hangs, where a
// connection is made by the kernel and no answer ever comes. It prints both ports on its first
// line (`PORT HANGING-PORT`); each line read on its standard input then asks for the POSTs
// answered so far (one number a line), so the bench checks what reached the backend; it ends
// when its standard input ends (a killed bench leaves no server behind).
//
//     cc -O2 -o .build/notification-receiver Bench/floor/notification-receiver.c $(pkg-config --cflags --libs libmicrohttpd)

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static atomic_long answered;

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    // The first call sees the headers only; then the body comes in pieces; the answer goes once
    // it has all been read.
    if (*con_cls == NULL) {
        *con_cls = (void *)1;
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        *upload_data_size = 0;
        return MHD_YES;
    }
    struct MHD_Response *response = MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    if (response == NULL) return MHD_NO;
    enum MHD_Result queued = MHD_queue_response(connection, MHD_HTTP_NO_CONTENT, response);
    MHD_destroy_response(response);
    if (queued == MHD_YES) atomic_fetch_add(&answered, 1);
    return queued;
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

int main(void) {
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
                                                 MHD_OPTION_THREAD_POOL_SIZE, threads, MHD_OPTION_END);
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
        printf("%ld\n", atomic_load(&answered));
        fflush(stdout);
    }
    MHD_stop_daemon(daemon);
    close(hanging);
    return 0;
}
