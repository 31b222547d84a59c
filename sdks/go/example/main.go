// The SDK as a game uses it. Each part runs when its variables are set:
//
//  1. Caliber launcher login: signs in like the launcher, then exchanges the code like a game server.
//     CALIBER_EMAIL=ben@demo.local CALIBER_PASSWORD='PlayerDemo!2026' CALIBER_SERVER_KEY=gsk_caliber_...
//     (CALIBER_PIN=1234 signs in by PIN instead, on a launcher that signed in by password before: pass the
//     device token the password sign-in printed as CALIBER_DEVICE_TOKEN)
//
//  2. Entitlements (what players bought in the shop of Yggdra or Tales Runner), with that game's server key:
//     hands over every pending entitlement, then consumes it; takes back what was revoked after consumption.
//     GAME_SERVER_KEY=gsk_yggdra_...
//
//  3. Webhooks: listens on WEBHOOK_PORT (default 8080) for the portal's signed webhooks and handles them as
//     they come (needs GAME_SERVER_KEY too). Stop it with Ctrl-C.
//     PORTAL_WEBHOOK_SECRET=... WEBHOOK_PORT=8080
//
//     PORTAL_URL=http://localhost:3000 ... go run ./example
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sync"

	portalsdk "example.com/caliber/portalsdk"
)

// The game's side. A real game records what it handed over in its own database, in the same transaction as
// the items, so that an entitlement seen twice (a webhook retried, a poll after a webhook) is given once.
var (
	mu         sync.Mutex
	handedOver = map[string]bool{}
	takenBack  = map[string]bool{}
)

func giveItems(e *portalsdk.Entitlement) {
	mu.Lock()
	defer mu.Unlock()
	if handedOver[e.ID] {
		return
	}
	handedOver[e.ID] = true
	fmt.Printf("handed over %d x %s (%s) to player %s, entitlement %s\n", e.Quantity, e.Sku, e.Name, e.Player, e.ID)
}

func takeItemsBack(e *portalsdk.Entitlement) {
	mu.Lock()
	defer mu.Unlock()
	if (!handedOver[e.ID] && !e.Clawback) || takenBack[e.ID] {
		return // never handed over, or already taken back
	}
	takenBack[e.ID] = true
	fmt.Printf("took back %d x %s from player %s, entitlement %s\n", e.Quantity, e.Sku, e.Player, e.ID)
}

// deliver grants in the game, then consumes: the portal shows the order as delivered.
func deliver(ctx context.Context, server *portalsdk.GameServer, e *portalsdk.Entitlement) error {
	giveItems(e)
	consumed, err := server.ConsumeEntitlement(ctx, e.ID)
	var portalErr *portalsdk.PortalError
	if errors.As(err, &portalErr) && portalErr.Status == 409 {
		takeItemsBack(e) // refunded while we were handing it over
		return nil
	} else if err != nil {
		return err
	}
	fmt.Printf("consumed %s at %s\n", consumed.ID, *consumed.ConsumedAt)
	return nil
}

// deliverPending polls: every pending entitlement, page by page (oldest first), then the revocations to claw back.
func deliverPending(ctx context.Context, server *portalsdk.GameServer) error {
	for _, status := range []string{"pending", "revoked"} {
		after := ""
		for {
			page, err := server.ListEntitlements(ctx, portalsdk.EntitlementQuery{Status: status, After: after, Limit: 100})
			if err != nil {
				return err
			}
			for i := range page.Entitlements {
				e := &page.Entitlements[i]
				if status == "pending" {
					if err := deliver(ctx, server, e); err != nil {
						return err
					}
				} else if e.Clawback {
					takeItemsBack(e)
				}
			}
			if page.Next == "" {
				break
			}
			after = page.Next
		}
	}
	return nil
}

// webhookHandler verifies the signature over the raw body, then acts; any 2xx tells the portal it arrived.
func webhookHandler(server *portalsdk.GameServer, secret string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
		if err != nil {
			http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
			return
		}
		event, err := portalsdk.VerifyWebhook(r.Header.Get("Portal-Signature"), body, secret, portalsdk.DefaultWebhookTolerance)
		if err != nil {
			fmt.Fprintln(os.Stderr, "webhook refused:", err)
			http.Error(w, "bad signature", http.StatusBadRequest)
			return
		}
		fmt.Printf("webhook %s %s verified\n", event.Type, event.ID)
		e := event.Data.Entitlement
		switch {
		case event.Type == "entitlement.granted" && e != nil:
			if err := deliver(r.Context(), server, e); err != nil {
				fmt.Fprintln(os.Stderr, "could not handle the webhook:", err)
				w.WriteHeader(http.StatusInternalServerError) // the portal retries later
				return
			}
		case event.Type == "entitlement.revoked" && e != nil && e.Clawback:
			takeItemsBack(e)
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

func fail(err error) {
	var refused *portalsdk.LoginError
	if errors.As(err, &refused) {
		fmt.Fprintf(os.Stderr, "sign-in refused (%s): %s\n", refused.Code, refused.Message)
	} else {
		fmt.Fprintln(os.Stderr, err)
	}
	os.Exit(1)
}

func main() {
	base := os.Getenv("PORTAL_URL")
	if base == "" {
		base = "http://localhost:3000"
	}
	ctx := context.Background()
	if email := os.Getenv("CALIBER_EMAIL"); email != "" {
		launcher := &portalsdk.LauncherClient{
			BaseURL:     base,
			Developer:   os.Getenv("CALIBER_DEVELOPER") == "true",
			DeviceToken: os.Getenv("CALIBER_DEVICE_TOKEN"),
		}
		var redirect, code string
		var err error
		if pin := os.Getenv("CALIBER_PIN"); pin != "" {
			redirect, code, err = launcher.LoginWithPin(ctx, email, pin)
		} else {
			redirect, code, err = launcher.LoginWithPassword(ctx, email, os.Getenv("CALIBER_PASSWORD"))
		}
		if err != nil {
			fail(err)
		}
		fmt.Println("launcher redirect:", redirect)
		fmt.Println("device token (keep it: the PIN works only with it):", launcher.DeviceToken)
		if key := os.Getenv("CALIBER_SERVER_KEY"); key != "" {
			player, err := (&portalsdk.GameServer{BaseURL: base, ServerKey: key}).ExchangeCode(ctx, code)
			if err != nil {
				fail(err)
			}
			fmt.Printf("player: %+v\n", *player)
		} else {
			fmt.Println("set CALIBER_SERVER_KEY to exchange the code as the game server would")
		}
	}
	key := os.Getenv("GAME_SERVER_KEY")
	if key == "" {
		if os.Getenv("CALIBER_EMAIL") == "" {
			fmt.Println("set CALIBER_EMAIL (launcher login) or GAME_SERVER_KEY (entitlements): see the top of this file")
		}
		return
	}
	server := &portalsdk.GameServer{BaseURL: base, ServerKey: key}
	if err := deliverPending(ctx, server); err != nil {
		fail(err)
	}
	if secret := os.Getenv("PORTAL_WEBHOOK_SECRET"); secret != "" {
		port := os.Getenv("WEBHOOK_PORT")
		if port == "" {
			port = "8080"
		}
		listener, err := net.Listen("tcp", ":"+port)
		if err != nil {
			fail(err)
		}
		fmt.Println("listening for webhooks on port", listener.Addr().(*net.TCPAddr).Port)
		if err := http.Serve(listener, webhookHandler(server, secret)); err != nil {
			fail(err)
		}
	}
}
