/* sha256-test.c - src/lib/sha256.c against the FIPS 180-4 examples and NIST
 * SHAVS short/long messages; prints "path NAME" (the block function used,
 * see sha256.c), then "pass NAME" or "fail NAME DETAIL" lines. */
#include "lib/sha256.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failed;

static void check(const char *name, const char *msg, size_t n, size_t chunk, const char *want)
{
	struct sha256 s;
	char hex[65];
	sha256_init(&s);
	for (size_t i = 0; i < n; i += chunk)
		sha256_update(&s, msg + i, n - i < chunk ? n - i : chunk);
	sha256_final_hex(&s, hex);
	if (strcmp(hex, want) == 0) {
		printf("pass\tsha256: %s\n", name);
	} else {
		printf("fail\tsha256: %s\tgot %s, want %s\n", name, hex, want);
		failed = 1;
	}
}

int main(void)
{
	static const char two_blocks[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	static const char four_blocks[] = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
		"hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
	char *million = malloc(1000000);
	printf("path\t%s\n", sha256_implementation());
	memset(million, 'a', 1000000);
	check("empty", "", 0, 1,
	      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	check("abc", "abc", 3, 3,
	      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	check("448 bits, two blocks", two_blocks, strlen(two_blocks), 7,
	      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	check("896 bits", four_blocks, strlen(four_blocks), 64,
	      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
	check("a million 'a' in one update", million, 1000000, 1000000,
	      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	check("a million 'a' in 997-byte pieces", million, 1000000, 997,
	      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	check("55 bytes (padding fits one block)", million, 55, 55,
	      "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
	check("56 bytes (padding needs a second block)", million, 56, 56,
	      "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
	check("64 bytes", million, 64, 1,
	      "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
	free(million);
	return failed;
}
