// Linux's epoll, which Swift's Glibc module does not import: for the benchmark load generator
// (PetriLoad), which reads thousands of sockets with one epoll loop, and the eventfd and
// TCP_NODELAY of its floor broadcaster. Also glibc's mallinfo2, which the memory benchmark reads,
// and malloc_trim, with which the server gives back what a burst freed (PetriServer's MemoryTrim).
#ifndef PETRI_CEPOLL_SHIM_H
#define PETRI_CEPOLL_SHIM_H

#include <malloc.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

#endif
