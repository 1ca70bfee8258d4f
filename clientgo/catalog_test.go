package main

import (
	"bufio"
	cliflag "flag"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// javaBenchmarks is the Java side's declarations, as BenchmarkCatalogTest writes them from JMH's
// benchmark list: a family is declared once, in its Java class, and this catalogue is held to it.
const javaBenchmarks = "testdata/java-benchmarks.tsv"

type javaBenchmark struct {
	mode, unit, threads string
	params              map[string][]string
}

func readJavaBenchmarks(t *testing.T) map[string]javaBenchmark {
	t.Helper()
	f, err := os.Open(javaBenchmarks)
	if err != nil {
		t.Fatalf("the Java side's declarations: %v", err)
	}
	defer f.Close()
	out := map[string]javaBenchmark{}
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		line := lines.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cells := strings.Split(line, "\t")
		b := javaBenchmark{cells[1], cells[2], cells[3], map[string][]string{}}
		for _, p := range cells[4:] {
			key, values, _ := strings.Cut(p, "=")
			b.params[key] = strings.Split(values, ",")
		}
		out[cells[0]] = b
	}
	if len(out) < 20 {
		t.Fatalf("only %d benchmarks read from %s", len(out), javaBenchmarks)
	}
	return out
}

// Every benchmark of this catalogue is a Java benchmark of the same name, mode, unit and threads,
// with the same params and the same declared values (the client's own name apart), and each
// param's check here accepts every value the Java side declares.
func TestTheCatalogueIsTheJavaDeclarations(t *testing.T) {
	java := readJavaBenchmarks(t)
	for _, b := range Catalog {
		j, ok := java[b.Name]
		if !ok {
			t.Errorf("%s: no Java benchmark of that name", b.Name)
			continue
		}
		if b.Mode != j.mode || b.Unit != j.unit || strconv.Itoa(b.Threads) != j.threads {
			t.Errorf("%s: %s %s %d threads here, %s %s %s threads in Java", b.Name, b.Mode, b.Unit, b.Threads,
				j.mode, j.unit, j.threads)
		}
		var keys []string
		for _, p := range b.Params {
			keys = append(keys, p.Key)
			declared, ok := j.params[p.Key]
			switch {
			case !ok:
				t.Errorf("%s: param %s is not the Java benchmark's", b.Name, p.Key)
			case p.Key == "client":
			case strings.Join(p.Defaults, ",") != strings.Join(declared, ","):
				t.Errorf("%s: %s=%s here, %s in Java", b.Name, p.Key, strings.Join(p.Defaults, ","),
					strings.Join(declared, ","))
			default:
				for _, v := range declared {
					if err := p.Check(v); err != nil {
						t.Errorf("%s: %s=%s, declared in Java, is refused here: %v", b.Name, p.Key, v, err)
					}
				}
			}
		}
		var javaKeys []string
		for k := range j.params {
			javaKeys = append(javaKeys, k)
		}
		sort.Strings(keys)
		sort.Strings(javaKeys)
		if strings.Join(keys, ",") != strings.Join(javaKeys, ",") {
			t.Errorf("%s: params %v here, %v in Java", b.Name, keys, javaKeys)
		}
	}
}

// goBenchmarks is this catalogue as BenchmarkCatalogTest reads it on the Java side, to hold the
// families client-go runs to the suite's (rewrite it with go test -run TestTheGoCatalogueFile -update).
const goBenchmarks = "testdata/go-benchmarks.tsv"

// javaProfiles is every profile's families with their param values, as BenchmarkCatalogTest writes
// them from the suite's catalogue (src/main/java/dev/informerbench/runner/Families.java).
const javaProfiles = "testdata/java-profiles.tsv"

var update = cliflag.Bool("update", false, "rewrite "+goBenchmarks+" from the catalogue")

// goTable is one line a benchmark: name, mode, unit, threads, then each param with its defaults.
func goTable() string {
	var lines []string
	for _, b := range Catalog {
		params := append([]Param(nil), b.Params...)
		sort.Slice(params, func(i, j int) bool { return params[i].Key < params[j].Key })
		line := fmt.Sprintf("%s\t%s\t%s\t%d", b.Name, b.Mode, b.Unit, b.Threads)
		for _, p := range params {
			line += "\t" + p.Key + "=" + strings.Join(p.Defaults, ",")
		}
		lines = append(lines, line)
	}
	sort.Strings(lines)
	return "# Every benchmark of client-go's program (catalog.go): name, mode, unit, threads, params (key=defaults).\n" +
		"# Written by catalog_test.go (go test -run TestTheGoCatalogueFile -update); read by BenchmarkCatalogTest.\n" +
		strings.Join(lines, "\n") + "\n"
}

// The Java side's copy of this catalogue is current.
func TestTheGoCatalogueFileIsCurrent(t *testing.T) {
	now := goTable()
	if *update {
		if err := os.WriteFile(goBenchmarks, []byte(now), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	was, err := os.ReadFile(goBenchmarks)
	if err != nil {
		t.Fatalf("%v (write it with -update)", err)
	}
	if string(was) != now {
		t.Errorf("%s is not this catalogue (rewrite it with go test -run TestTheGoCatalogueFile -update):\n%s",
			goBenchmarks, now)
	}
}

// profileFamily is one line of javaProfiles: a family in a profile and the param values it gives.
type profileFamily struct {
	profile, family, include string
	params                   map[string]string // key -> values, comma-separated
	offLocal                 map[string]string // forced on targets other than the local control plane
}

func readJavaProfiles(t *testing.T) []profileFamily {
	t.Helper()
	data, err := os.ReadFile(javaProfiles)
	if err != nil {
		t.Fatalf("the Java side's profiles: %v", err)
	}
	var out []profileFamily
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cells := strings.Split(line, "\t")
		f := profileFamily{cells[0], cells[1], cells[2], map[string]string{}, map[string]string{}}
		for _, p := range cells[3:] {
			scope, kv := "", p
			if colon := strings.Index(p, ":"); colon >= 0 && colon < strings.Index(p, "=") {
				scope, kv = p[:colon], p[colon+1:]
			}
			key, values, _ := strings.Cut(kv, "=")
			switch scope {
			case "":
				f.params[key] = values
			case "offLocal":
				f.offLocal[key] = values
			case "CLIENT_GO":
				f.params[key] = values
			}
		}
		out = append(out, f)
	}
	if len(out) < 40 {
		t.Fatalf("only %d profile families read from %s", len(out), javaProfiles)
	}
	return out
}

// Every value a profile gives a family client-go runs passes this program's own checks, as a unit
// of an interleaved run passes it (UnitArgs: the family's benchmarks, its -p values, client=CLIENT_GO),
// on the local control plane and off it (with the family's off-local values).
func TestEveryProfilesValuesAreAcceptedHere(t *testing.T) {
	ran := 0
	for _, f := range readJavaProfiles(t) {
		if _, err := regexp.Compile(f.include); err != nil {
			t.Errorf("%s %s: its include %q is not a Go regexp: %v", f.profile, f.family, f.include, err)
			continue
		}
		for _, local := range []bool{true, false} {
			params := map[string]string{"client": "CLIENT_GO"}
			for k, v := range f.params {
				params[k] = v
			}
			if !local {
				for k, v := range f.offLocal {
					params[k] = v
				}
			}
			keys := make([]string, 0, len(params))
			for k := range params {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			var args []string
			for _, k := range keys {
				args = append(args, "-p", k+"="+params[k])
			}
			o, err := ParseArgs(append(args, f.include))
			if err != nil {
				t.Errorf("%s %s: %v", f.profile, f.family, err)
				continue
			}
			bs, err := o.Matched()
			if err != nil {
				continue // a family client-go does not run (Plant); BenchmarkCatalogTest holds which
			}
			ran++
			if _, err := o.Plans(bs); err != nil {
				t.Errorf("%s %s (%s): refused here: %v", f.profile, f.family, map[bool]string{true: "local",
					false: "off local"}[local], err)
			}
		}
	}
	if ran < 80 {
		t.Errorf("only %d profile families checked", ran)
	}
}
