// Linux's epoll, which Swift's Glibc module does not import: for the benchmark load generator
// (PetriLoad), which reads thousands of sockets with one epoll loop.
#ifndef PETRI_CEPOLL_SHIM_H
#define PETRI_CEPOLL_SHIM_H

#include <sys/epoll.h>

#endif
