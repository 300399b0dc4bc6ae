/* An empty ICU common-data package (the same header as ICU's own stubdata: a table of contents with no
 * item), built as a stand-in for the 26 MB libicudata that hfst's wheel carries. hfst calls ICU only for
 * character properties and case mapping, which live in libicuuc itself; the analyses with and without it
 * are identical (packaging/README.md, "Size"). ICU_DATA_SYMBOL is icudt<major>_dat, e.g. icudt60_dat. */
#include <stdint.h>

typedef struct {
    uint16_t header_size;
    uint8_t magic1, magic2;
    struct {
        uint16_t size, reserved_word;
        uint8_t is_big_endian, charset_family, sizeof_uchar, reserved_byte;
        uint8_t data_format[4], format_version[4], data_version[4];
    } info;
    char padding[8];
    uint32_t count, reserved;
    struct { uint32_t name_offset, data_offset; } toc[1];
} EmptyCommonData;

__attribute__((visibility("default"))) const EmptyCommonData ICU_DATA_SYMBOL = {
    32, 0xda, 0x27,
    {20, 0, 0 /* little endian */, 0 /* ASCII */, 2, 0, {0x54, 0x6f, 0x43, 0x50} /* "ToCP" */, {1, 0, 0, 0}, {0, 0, 0, 0}},
    {0}, 0, 0, {{0, 0}},
};
