// What Swift cannot import from libwebsockets: macros and a timer record with room for a
// pointer back to the Swift object. Everything here is prefixed petri_ and static inline.
#ifndef PETRI_CLIBWEBSOCKETS_SHIM_H
#define PETRI_CLIBWEBSOCKETS_SHIM_H

#include <libwebsockets.h>
#include <ev.h>         // libev: the event loop lws runs on (epoll instead of poll over every socket)

/// Bytes lws needs in front of every payload passed to lws_write (the LWS_PRE macro).
static inline size_t petri_lws_pre(void) { return LWS_PRE; }

/// CONTEXT_PORT_NO_LISTEN, for client-only contexts.
static inline int petri_port_no_listen(void) { return CONTEXT_PORT_NO_LISTEN; }

/// The context option bits Petri uses (64-bit macros Swift sees only as expressions).
static inline uint64_t petri_option_validate_utf8(void) { return LWS_SERVER_OPTION_VALIDATE_UTF8; }
static inline uint64_t petri_option_ssl_global_init(void) { return LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT; }
static inline uint64_t petri_option_fail_unable_to_bind(void) { return LWS_SERVER_OPTION_FAIL_UPON_UNABLE_TO_BIND; }
static inline uint64_t petri_option_disable_ipv6(void) { return LWS_SERVER_OPTION_DISABLE_IPV6; }
static inline uint64_t petri_option_libev(void) { return LWS_SERVER_OPTION_LIBEV; }

/// A libev loop of our own ("foreign" to lws), on the best backend the kernel has (epoll here).
/// lws 4.1's own loop calls poll() over every socket on each wake-up; with thousands of
/// students that scan was most of the server's CPU.
static inline void *petri_ev_loop_new(void) { return ev_loop_new(EVFLAG_AUTO); }
/// Runs the loop until petri_ev_break or until it has nothing left to watch.
static inline int petri_ev_run(void *loop) { return ev_run((struct ev_loop *)loop, 0); }
/// Makes petri_ev_run return (call from inside a callback on the loop's thread).
static inline void petri_ev_break(void *loop) { ev_break((struct ev_loop *)loop, EVBREAK_ALL); }
static inline void petri_ev_loop_destroy(void *loop) { ev_loop_destroy((struct ev_loop *)loop); }

/// A scheduled callback record whose first member is the lws timer, followed by an opaque
/// pointer to the Swift owner: the callback receives the lws_sorted_usec_list_t pointer,
/// which is also a pointer to this struct.
typedef struct petri_timer {
    lws_sorted_usec_list_t sul;
    void *owner;
} petri_timer_t;

static inline void *petri_timer_owner(lws_sorted_usec_list_t *sul) {
    return ((petri_timer_t *)sul)->owner;
}

/// lws_write_ws_flags is a static inline in the header; re-exported under our prefix so the
/// fragment flags are computed by lws's own rules.
static inline int petri_ws_flags(int initial, int is_start, int is_end) {
    return lws_write_ws_flags(initial, is_start, is_end);
}

#endif
