/*
 * formats_lib_id.c - the version of noisefloor-formats.so, which the
 * program compares with its own before it uses anything in it
 * (formats_lib.c): a program and a shared object from different builds of
 * different versions would disagree about the model's layout.
 */
#ifndef NF_VERSION
#define NF_VERSION "0.0.0"
#endif

extern const char formats_lib_version[];
const char formats_lib_version[] = NF_VERSION;
