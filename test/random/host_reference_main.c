/*===- host_reference_main.c - Runs a CLsmith kernel as C on the host ---===*\
 *
 * \file
 * Compiled by host_reference.py with the kernel (HOST_KERNEL, a file to
 * include), its launch (HOST_GLOBAL_X... HOST_LOCAL_Z), its arguments
 * (HOST_ARGUMENTS, file-scope definitions, and HOST_SET_ARGUMENTS, the
 * statements that fill them) and its call (HOST_CALL). Runs each
 * work-group in turn, one thread per work-item, and prints the result
 * buffer, one hexadecimal value a line, as loom-clsmith-run does. A
 * barrier some work-items of a group miss, or reach at different places,
 * is undefined in OpenCL: it ends the run with exit status 4 and says so.
 *
\*===----------------------------------------------------------------------===*/

#include "host_reference.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

size_t HostGlobalSize[3] = {HOST_GLOBAL_X, HOST_GLOBAL_Y, HOST_GLOBAL_Z};
size_t HostLocalSize[3] = {HOST_LOCAL_X, HOST_LOCAL_Y, HOST_LOCAL_Z};
__thread size_t HostLocalId[3], HostGroupId[3];

enum { DivergentBarrier = 4, NoThread = 5 };

/* The group's barrier: how many work-items wait at it and where, how many
   ended, and a count of the times it opened, which waiters watch. */
static pthread_mutex_t Mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t Opened = PTHREAD_COND_INITIALIZER;
static size_t GroupSize, Waiting, Ended, Openings;
static int WaitingLine;

static void reportDivergence(const char *What) {
  fprintf(stderr, "host-reference: barrier divergence: %s\n", What);
  fflush(stdout);
  _exit(DivergentBarrier);
}

void hostBarrier(int Line) {
  pthread_mutex_lock(&Mutex);
  if (Ended)
    reportDivergence("a work-item waits at a barrier that another one "
                     "passed by ending");
  if (Waiting == 0)
    WaitingLine = Line;
  else if (WaitingLine != Line)
    reportDivergence("work-items wait at different barriers");
  size_t Opening = Openings;
  if (++Waiting == GroupSize) {
    Waiting = 0;
    ++Openings;
    pthread_cond_broadcast(&Opened);
  }
  while (Opening == Openings)
    pthread_cond_wait(&Opened, &Mutex);
  pthread_mutex_unlock(&Mutex);
}

HOST_ARGUMENTS

#include HOST_KERNEL

struct WorkItem {
  size_t LocalId[3], GroupId[3];
};

static void *runWorkItem(void *Argument) {
  const struct WorkItem *Item = Argument;
  for (int D = 0; D < 3; ++D) {
    HostLocalId[D] = Item->LocalId[D];
    HostGroupId[D] = Item->GroupId[D];
  }
  HOST_CALL;
  pthread_mutex_lock(&Mutex);
  if (Waiting)
    reportDivergence("a work-item ends while others wait at a barrier");
  ++Ended;
  pthread_mutex_unlock(&Mutex);
  return NULL;
}

/* Runs one group, a thread per work-item; false if a thread could not
   start. */
static int runGroup(const size_t GroupId[3], pthread_t *Threads,
                    struct WorkItem *Items, const pthread_attr_t *Attributes) {
  GroupSize = HostLocalSize[0] * HostLocalSize[1] * HostLocalSize[2];
  Ended = 0;
  size_t Started = 0;
  for (; Started < GroupSize; ++Started) {
    struct WorkItem *Item = &Items[Started];
    Item->LocalId[0] = Started % HostLocalSize[0];
    Item->LocalId[1] = Started / HostLocalSize[0] % HostLocalSize[1];
    Item->LocalId[2] = Started / (HostLocalSize[0] * HostLocalSize[1]);
    for (int D = 0; D < 3; ++D)
      Item->GroupId[D] = GroupId[D];
    if (pthread_create(&Threads[Started], Attributes, runWorkItem, Item))
      break;
  }
  for (size_t I = 0; I < Started; ++I)
    pthread_join(Threads[I], NULL);
  return Started == GroupSize;
}

int main(void) {
  HOST_SET_ARGUMENTS;
  size_t Items = HostLocalSize[0] * HostLocalSize[1] * HostLocalSize[2];
  pthread_t *Threads = calloc(Items, sizeof *Threads);
  struct WorkItem *WorkItems = calloc(Items, sizeof *WorkItems);
  pthread_attr_t Attributes;
  pthread_attr_init(&Attributes);
  /* CLsmith's kernels keep all their globals in a struct on the stack,
     twice (a copy and its initializer). */
  pthread_attr_setstacksize(&Attributes, 8 << 20);
  size_t GroupId[3];
  for (GroupId[2] = 0; GroupId[2] < get_num_groups(2); ++GroupId[2])
    for (GroupId[1] = 0; GroupId[1] < get_num_groups(1); ++GroupId[1])
      for (GroupId[0] = 0; GroupId[0] < get_num_groups(0); ++GroupId[0])
        if (!runGroup(GroupId, Threads, WorkItems, &Attributes)) {
          fprintf(stderr, "host-reference: cannot start a thread\n");
          return NoThread;
        }
  size_t WorkItemsInAll =
      HostGlobalSize[0] * HostGlobalSize[1] * HostGlobalSize[2];
  for (size_t I = 0; I < WorkItemsInAll; ++I)
    printf("%#lx\n", (unsigned long)HostResult[I]);
  pthread_attr_destroy(&Attributes);
  free(WorkItems);
  free(Threads);
  return 0;
}
