package main

import (
	"bufio"
	"os"
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
