/* Hold a whole process to a lower x86 ISA tier by answering CPUID with that tier's
 * features cleared (the benchmark's --isa for peers that have no switch of their own).
 *
 * Loaded with LD_PRELOAD; RLX_BENCH_CPUID_HOLD names the tier ("avx2" or "generic").
 * Linux's CPUID faulting (arch_prctl(ARCH_SET_CPUID, 0)) makes every CPUID instruction
 * in the process raise SIGSEGV.  The handler runs the real instruction with faulting
 * briefly off, clears the bits the tier lacks, writes the four registers and steps over
 * the two instruction bytes.  Libraries that pick their kernels from CPUID (ONNX
 * Runtime's MLAS, numpy, oneDNN) then pick what they would pick on such a host.
 * Instructions already chosen before the constructor ran (glibc's string functions,
 * resolved by the dynamic loader) are not held.
 *
 * Faulting is a per-thread flag that threads inherit from their creator and that
 * execve clears; the constructor sets it on the main thread before any other starts,
 * and a program started from the held process loads this library again through the
 * inherited LD_PRELOAD.  A SIGSEGV that is not a CPUID goes to whatever handler the
 * program installed (sigaction and signal are interposed so that the handler stays
 * first and theirs is kept) or, with none, kills the process as it would have.
 */
#define _GNU_SOURCE
#include <asm/prctl.h>
#include <cpuid.h>
#include <dlfcn.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

typedef int (*sigaction_fn)(int, const struct sigaction *, struct sigaction *);

/* A cleared bit: CPUID leaf, subleaf (ANY for a leaf that has none: the caller's ECX
   is then whatever the register held), register (0 EAX .. 3 EDX) and bit. */
struct cleared { unsigned leaf, subleaf, reg, bit; };
#define ANY 0xffffffffu

/* Above x86-64-v3: every AVX-512 subset, AVX512-BF16/FP16 and AMX. */
static const struct cleared above_avx2[] = {
    {7, 0, 1, 16}, {7, 0, 1, 17}, {7, 0, 1, 21}, {7, 0, 1, 26}, {7, 0, 1, 27},
    {7, 0, 1, 28}, {7, 0, 1, 30}, {7, 0, 1, 31},              /* F DQ IFMA PF ER CD BW VL */
    {7, 0, 2, 1}, {7, 0, 2, 6}, {7, 0, 2, 11}, {7, 0, 2, 12}, {7, 0, 2, 14}, /* VBMI(2) VNNI BITALG VPOPCNTDQ */
    {7, 0, 3, 2}, {7, 0, 3, 3}, {7, 0, 3, 8}, {7, 0, 3, 22}, {7, 0, 3, 23},
    {7, 0, 3, 24}, {7, 0, 3, 25},          /* 4VNNIW 4FMAPS VP2INTERSECT AMX-BF16 FP16 AMX-TILE AMX-INT8 */
    {7, 1, 0, 5},                          /* AVX512-BF16 */
};

/* x86-64-v3's own additions, cleared too for the generic tier (SSE4.2 stays, as the
 * other peers' switches for that tier keep it). */
static const struct cleared above_sse42[] = {
    {1, ANY, 2, 12}, {1, ANY, 2, 28}, {1, ANY, 2, 29},   /* FMA AVX F16C */
    {7, 0, 1, 3}, {7, 0, 1, 5}, {7, 0, 1, 8},      /* BMI1 AVX2 BMI2 */
    {7, 1, 0, 4},                                  /* AVX-VNNI */
};

static int tier_generic;                 /* also clear above_sse42 */
static volatile long held = -1;          /* -1 not tried, 0 faulting refused, 1 held */
static volatile long answered;           /* CPUIDs answered since the hold began */
static struct sigaction theirs;          /* the program's own SIGSEGV action */
static sigaction_fn real_sigaction;

static void clear_bits(const struct cleared *list, size_t n, unsigned leaf,
                       unsigned subleaf, unsigned regs[4]) {
    for (size_t i = 0; i < n; i++)
        if (list[i].leaf == leaf && (list[i].subleaf == ANY || list[i].subleaf == subleaf))
            regs[list[i].reg] &= ~(1u << list[i].bit);
}

static void answer_cpuid(ucontext_t *uc) {
    greg_t *g = uc->uc_mcontext.gregs;
    unsigned leaf = (unsigned)g[REG_RAX], subleaf = (unsigned)g[REG_RCX], r[4];
    syscall(SYS_arch_prctl, ARCH_SET_CPUID, 1);
    __cpuid_count(leaf, subleaf, r[0], r[1], r[2], r[3]);
    syscall(SYS_arch_prctl, ARCH_SET_CPUID, 0);
    clear_bits(above_avx2, sizeof above_avx2 / sizeof above_avx2[0], leaf, subleaf, r);
    if (tier_generic)
        clear_bits(above_sse42, sizeof above_sse42 / sizeof above_sse42[0], leaf, subleaf, r);
    g[REG_RAX] = r[0];
    g[REG_RBX] = r[1];
    g[REG_RCX] = r[2];
    g[REG_RDX] = r[3];
    g[REG_RIP] += 2;
    __atomic_add_fetch(&answered, 1, __ATOMIC_RELAXED);
}

static void on_segv(int sig, siginfo_t *info, void *context) {
    ucontext_t *uc = context;
    /* A faulting CPUID is a general-protection fault (SI_KERNEL) at an instruction
     * that can be read; a bad address is a page fault with another code. */
    if (info->si_code == SI_KERNEL) {
        const unsigned char *ip = (const unsigned char *)uc->uc_mcontext.gregs[REG_RIP];
        if (ip[0] == 0x0f && ip[1] == 0xa2) {
            answer_cpuid(uc);
            return;
        }
    }
    if (theirs.sa_flags & SA_SIGINFO) {
        theirs.sa_sigaction(sig, info, context);
        return;
    }
    if (theirs.sa_handler != SIG_DFL && theirs.sa_handler != SIG_IGN) {
        theirs.sa_handler(sig);
        return;
    }
    /* No handler of the program's: die as it would have.  A fault re-executes the
     * instruction on return; a signal sent by a process is sent again. */
    real_sigaction(SIGSEGV, &theirs, NULL);
    if (info->si_code <= 0)
        raise(sig);
}

int sigaction(int sig, const struct sigaction *act, struct sigaction *old) {
    if (!real_sigaction)
        real_sigaction = (sigaction_fn)dlsym(RTLD_NEXT, "sigaction");
    if (sig != SIGSEGV || held != 1)
        return real_sigaction(sig, act, old);
    if (old)
        *old = theirs;
    if (act)
        theirs = *act;
    return 0;
}

sighandler_t signal(int sig, sighandler_t handler) {
    struct sigaction act, old;
    memset(&act, 0, sizeof act);
    act.sa_handler = handler;
    act.sa_flags = SA_RESTART;
    sigemptyset(&act.sa_mask);
    if (sigaction(sig, &act, &old) != 0)
        return SIG_ERR;
    return old.sa_handler;
}

/* For the benchmark's header: 1 held, 0 the kernel refused CPUID faulting, -1 no
 * tier named; and how many CPUIDs were answered. */
long rlx_cpuid_hold_state(void) { return held; }
long rlx_cpuid_hold_answered(void) { return answered; }

__attribute__((constructor)) static void hold(void) {
    const char *tier = getenv("RLX_BENCH_CPUID_HOLD");
    if (!tier || (strcmp(tier, "avx2") != 0 && strcmp(tier, "generic") != 0))
        return;
    tier_generic = strcmp(tier, "generic") == 0;
    real_sigaction = (sigaction_fn)dlsym(RTLD_NEXT, "sigaction");
    struct sigaction ours;
    memset(&ours, 0, sizeof ours);
    ours.sa_sigaction = on_segv;
    ours.sa_flags = SA_SIGINFO;
    sigemptyset(&ours.sa_mask);
    if (real_sigaction(SIGSEGV, &ours, &theirs) != 0
        || syscall(SYS_arch_prctl, ARCH_SET_CPUID, 0) != 0) {
        real_sigaction(SIGSEGV, &theirs, NULL);
        held = 0;
        return;
    }
    held = 1;
}
