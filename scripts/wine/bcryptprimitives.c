/* A stand-in for Windows' bcryptprimitives.dll, for running the `outpost` CLI under
 * wine 8 (scripts/platforms.sh). Rust's std (1.78 and newer) imports ProcessPrng from
 * bcryptprimitives.dll for its random numbers (the hash maps' keys); wine 8.0, Debian 12's,
 * has no such DLL, so the exe does not start. This one exports ProcessPrng and fills the
 * buffer from SystemFunction036 (RtlGenRandom, in advapi32), which wine has. The CLI's
 * output never depends on these bytes: nothing it prints iterates a hash map.
 * Built at check time into target/ by x86_64-w64-mingw32-gcc with bcryptprimitives.def. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG part = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, part))
            return FALSE;
        data += part;
        length -= part;
    }
    return TRUE;
}
