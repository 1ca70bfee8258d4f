package accounting

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// The cases of the Java side's RequestKindTest: request shapes as clients really send them.
func TestClassify(t *testing.T) {
	cases := []struct {
		method, path, query string
		want                RequestKind
	}{
		{"GET", "/api/v1/namespaces/ns/configmaps", "resourceVersion=0&watch=false", KindList},
		{"GET", "/api/v1/namespaces/ns/configmaps", "resourceVersion=205&timeoutSeconds=341&watch=true", KindWatch},
		{"GET", "/api/v1/namespaces/ns/configmaps", "allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&sendInitialEvents=true&watch=true", KindWatch},
		{"GET", "/api/v1/namespaces/ns/configmaps", "watch=1", KindWatch},
		{"GET", "/api/v1/watch/namespaces/ns/configmaps", "", KindWatch},
		{"GET", "/api/v1/namespaces/ns/configmaps", "watch=false&limit=500", KindList},
		{"GET", "/api/v1/configmaps", "", KindList},
		{"GET", "/api/v1/namespaces", "", KindList},
		{"GET", "/apis/apps/v1/namespaces/ns/deployments", "labelSelector=app%3Dx", KindList},
		{"GET", "/apis/apps/v1/deployments", "", KindList},
		{"GET", "/api/v1/namespaces/ns/configmaps/cm-00001", "", KindGet},
		{"GET", "/api/v1/namespaces/ns", "", KindGet},
		{"GET", "/apis/apps/v1/namespaces/ns/deployments/web/scale", "", KindGet},
		{"GET", "/api/v1/nodes/node-1", "", KindGet},
		{"POST", "/api/v1/namespaces/ns/configmaps", "", KindWrite},
		{"PUT", "/api/v1/namespaces/ns/configmaps/live", "", KindWrite},
		{"PATCH", "/api/v1/namespaces/ns/configmaps/live", "", KindWrite},
		{"DELETE", "/api/v1/namespaces/ns/configmaps/live", "", KindWrite},
		{"DELETE", "/api/v1/namespaces/ns/configmaps", "labelSelector=a", KindWrite},
		{"GET", "/version", "", KindOther},
		{"GET", "/readyz", "verbose", KindOther},
		{"GET", "/api", "", KindOther},
		{"GET", "/api/v1", "", KindOther},
		{"GET", "/apis/apps/v1", "", KindOther},
		{"GET", "/openapi/v3", "", KindOther},
		{"HEAD", "/api/v1/namespaces/ns/configmaps", "", KindOther},
	}
	for _, c := range cases {
		if got := Classify(c.method, c.path, c.query); got != c.want {
			t.Errorf("%s %s?%s is %v, want %v", c.method, c.path, c.query, got, c.want)
		}
	}
}

func TestWriteTotalsInTheShapeEveryClientsForksUse(t *testing.T) {
	dir := t.TempDir()
	if err := WriteTotals(dir, Counts{List: 1, Watch: 2, Get: 3, Write: 4, Other: 5, TooMany: 6}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, strconv.Itoa(os.Getpid())+".json"))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"list":1,"watch":2,"get":3,"write":4,"other":5,"tooManyRequests":6}`
	if string(data) != want {
		t.Fatalf("got %s, want %s", data, want)
	}
}
