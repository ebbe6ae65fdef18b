/* test_ioutil.c - reading regular files, atomic sinks and file identity (base/ioutil.h).
 * Every case works in a fresh directory and looks at what is on disk afterwards: the
 * destination's bytes, its mode, and that no temporary is left beside it. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/ioutil.h"
#include "unit.h"

static char dir[64];

static const char *at(const char *name)
{
    static char buf[4][512];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
    return buf[k];
}

static void put(const char *name, const char *text)
{
    FILE *f = fopen(at(name), "wb");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* The file's content ("" when missing), at most 255 bytes. */
static const char *get(const char *name)
{
    static char buf[256];
    FILE *f = fopen(at(name), "rb");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = '\0';
    return buf;
}

/* The number of entries of dir (temporaries would add to it). */
static int entries(void)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    if (d)
        closedir(d);
    return n;
}

static void clear(void)
{
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            remove(at(e->d_name));
    if (d)
        closedir(d);
}

static void test_write_new_and_replace(void)
{
    char err[256] = "";
    clear();
    UNIT_CHECK(pvc_io_write_file(at("new"), "abc", 3, err, sizeof err) == 0, "new: %s", err);
    struct stat st;
    UNIT_CHECK(strcmp(get("new"), "abc") == 0 && stat(at("new"), &st) == 0 &&
                   (st.st_mode & 0777) == 0644,
               "a new file: its content, 0666 less the umask 022 (mode %o)", st.st_mode & 0777);
    chmod(at("new"), 0600);
    UNIT_CHECK(pvc_io_write_file(at("new"), "defg", 4, err, sizeof err) == 0, "replace: %s", err);
    UNIT_CHECK(strcmp(get("new"), "defg") == 0 && stat(at("new"), &st) == 0 &&
                   (st.st_mode & 0777) == 0600,
               "replaced: the new content, the old mode (mode %o)", st.st_mode & 0777);
    UNIT_CHECK(entries() == 1, "no temporary left (%d entries)", entries());
}

static void test_abort_keeps_old(void)
{
    char err[256] = "";
    pvc_sink s;
    clear();
    put("f", "old");
    UNIT_CHECK(pvc_sink_open(&s, at("f"), err, sizeof err) == 0, "open: %s", err);
    fputs("half of the new", s.f);
    fflush(s.f);
    UNIT_CHECK(strcmp(get("f"), "old") == 0 && entries() == 2,
               "while writing: the old content, and a temporary beside it");
    pvc_sink_abort(&s);
    UNIT_CHECK(strcmp(get("f"), "old") == 0 && entries() == 1, "aborted: old content, no temporary");
    /* Two sinks of one path at once get their own temporaries; the last commit wins. */
    pvc_sink a, b;
    UNIT_CHECK(pvc_sink_open(&a, at("f"), err, sizeof err) == 0 &&
                   pvc_sink_open(&b, at("f"), err, sizeof err) == 0 && strcmp(a.tmp, b.tmp) != 0,
               "two sinks, two temporaries");
    fputs("A", a.f);
    fputs("B", b.f);
    UNIT_CHECK(pvc_sink_commit(&a, err, sizeof err) == 0 && pvc_sink_commit(&b, err, sizeof err) == 0 &&
                   strcmp(get("f"), "B") == 0 && entries() == 1,
               "both committed: the last, nothing else");
}

static void test_links_and_kinds(void)
{
    char err[256] = "";
    clear();
    put("target", "old");
    symlink("target", at("link"));
    UNIT_CHECK(pvc_io_write_file(at("link"), "new", 3, err, sizeof err) == 0, "via link: %s", err);
    struct stat st;
    UNIT_CHECK(lstat(at("link"), &st) == 0 && S_ISLNK(st.st_mode) && strcmp(get("target"), "new") == 0,
               "a symlink is written through and stays a link");
    symlink("made", at("dangling"));
    UNIT_CHECK(pvc_io_write_file(at("dangling"), "x", 1, err, sizeof err) == 0 &&
                   strcmp(get("made"), "x") == 0 && lstat(at("dangling"), &st) == 0 &&
                   S_ISLNK(st.st_mode),
               "a dangling link creates the file it names: %s", err);
    symlink("loop2", at("loop1"));
    symlink("loop1", at("loop2"));
    UNIT_CHECK(pvc_io_write_file(at("loop1"), "x", 1, err, sizeof err) == -1 &&
                   strstr(err, "symbolic links"),
               "a link loop: %s", err);
    UNIT_CHECK(pvc_io_write_file(dir, "x", 1, err, sizeof err) == -1 && strcmp(err, "Is a directory") == 0,
               "a directory: %s", err);
    UNIT_CHECK(pvc_io_write_file(at("sub/"), "x", 1, err, sizeof err) == -1 &&
                   strcmp(err, "Is a directory") == 0,
               "a directory's name: %s", err);
    UNIT_CHECK(pvc_io_write_file(at("no/such"), "x", 1, err, sizeof err) == -1 &&
                   strstr(err, "cannot create a file in '") && strstr(err, "/no': No such file or directory"),
               "a missing directory: %s", err);
    UNIT_CHECK(pvc_io_write_file("/dev/null", "x", 1, err, sizeof err) == 0 &&
                   stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode),
               "/dev/null is written in place: %s", err);
    UNIT_CHECK(pvc_io_write_file("/dev/full", "x", 1, err, sizeof err) == -1 &&
                   strcmp(err, "No space left on device") == 0 && stat("/dev/full", &st) == 0,
               "/dev/full: the device's own error, the device kept: %s", err);
    /* A name too long for a suffix: the temporary is pvc.tmp.* beside it. */
    char longname[251];
    memset(longname, 'n', 250);
    longname[250] = '\0';
    UNIT_CHECK(pvc_io_write_file(at(longname), "L", 1, err, sizeof err) == 0 &&
                   strcmp(get(longname), "L") == 0,
               "a 250-byte name: %s", err);
    int n = entries();
    UNIT_CHECK(pvc_sink_check(at("checked"), err, sizeof err) == 0 && entries() == n,
               "pvc_sink_check leaves nothing: %s", err);
    UNIT_CHECK(pvc_sink_check(at("no/such"), err, sizeof err) == -1 && strstr(err, "cannot create"),
               "pvc_sink_check of a missing directory: %s", err);
}

static void test_identity(void)
{
    pvc_file_id a, b;
    clear();
    put("f", "x");
    put("g", "x");
    link(at("f"), at("hard"));
    symlink("f", at("soft"));
    UNIT_CHECK(pvc_io_file_id(at("f"), &a) == 0 && a.exists && a.regular, "f exists");
    UNIT_CHECK(pvc_io_file_id(at("hard"), &b) == 0 && pvc_io_same_file(&a, &b), "a hard link is f");
    UNIT_CHECK(pvc_io_file_id(at("soft"), &b) == 0 && pvc_io_same_file(&a, &b), "a symlink is f");
    UNIT_CHECK(pvc_io_file_id(at("g"), &b) == 0 && !pvc_io_same_file(&a, &b), "g is not f");
    char other[600];
    snprintf(other, sizeof other, "%s/./new", dir);
    UNIT_CHECK(pvc_io_file_id(at("new"), &a) == 0 && !a.exists && pvc_io_file_id(other, &b) == 0 &&
                   pvc_io_same_file(&a, &b),
               "two spellings of one new file");
    UNIT_CHECK(pvc_io_file_id(at("new2"), &b) == 0 && !pvc_io_same_file(&a, &b), "two new files");
    UNIT_CHECK(pvc_io_file_id(at("no/such/file"), &a) == -1, "in a missing directory: no identity");
}

static void test_read_file(void)
{
    char err[256] = "", *buf = NULL;
    size_t len = 0;
    clear();
    put("src", "0123456789");
    UNIT_CHECK(pvc_io_read_file(at("src"), 10, "10 bytes", &buf, &len, err, sizeof err) == 0 &&
                   len == 10 && strcmp(buf, "0123456789") == 0,
               "read: %s", err);
    free(buf);
    UNIT_CHECK(pvc_io_read_file(at("src"), 9, "9 bytes", &buf, &len, err, sizeof err) == -1 &&
                   buf == NULL && strcmp(err, "the file has 10 bytes, more than the 9 bytes pvc reads") == 0,
               "over the limit: %s", err);
    UNIT_CHECK(pvc_io_read_file(dir, 99, "", &buf, &len, err, sizeof err) == -1 &&
                   strcmp(err, "Is a directory") == 0,
               "a directory: %s", err);
    mkfifo(at("fifo"), 0600);
    UNIT_CHECK(pvc_io_read_file(at("fifo"), 99, "", &buf, &len, err, sizeof err) == -1 &&
                   strcmp(err, "not a regular file (a FIFO)") == 0,
               "a FIFO, at once: %s", err);
    UNIT_CHECK(pvc_io_read_file("/dev/zero", 99, "", &buf, &len, err, sizeof err) == -1 &&
                   strcmp(err, "not a regular file (a character device)") == 0,
               "/dev/zero: %s", err);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/pvc_test_ioutil_XXXXXX");
    if (!mkdtemp(dir)) {
        printf("cannot make a temporary directory\n");
        return 1;
    }
    umask(022);
    test_write_new_and_replace();
    test_abort_keeps_old();
    test_links_and_kinds();
    test_identity();
    test_read_file();
    clear();
    rmdir(dir);
    return UNIT_DONE();
}
