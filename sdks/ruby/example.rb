# frozen_string_literal: true

# The SDK as a game uses it. Each part runs when its variables are set:
# 1. Caliber launcher login: signs in like the launcher, then exchanges the code like a game server.
#      CALIBER_EMAIL=ben@demo.local CALIBER_PASSWORD='PlayerDemo!2026' CALIBER_SERVER_KEY=gsk_caliber_...
#      (CALIBER_PIN=1234 signs in by PIN instead, on a launcher that signed in by password before: pass the
#      device token the password sign-in printed as CALIBER_DEVICE_TOKEN)
# 2. Entitlements (what players bought in the shop of Yggdra or Tales Runner), with that game's server key:
#    hands over every pending entitlement, then consumes it; takes back what was revoked after consumption.
#      GAME_SERVER_KEY=gsk_yggdra_...
# 3. Player safety, with any game's server key (needs GAME_SERVER_KEY): at match start, reads each player's
#    standing and keeps banned players out (and mutes chat-restricted ones); reports a player as the in-game
#    menu would.
#      MATCH_PLAYERS=<uuid>,<uuid> REPORT_PLAYER=<uuid> REPORTED_BY=<uuid> (REPORT_CATEGORY, default cheating)
# 4. Webhooks: listens on WEBHOOK_PORT (default 8080) for the portal's signed webhooks and handles them as
#    they come (needs GAME_SERVER_KEY too, and the webrick gem; in Rails or Rack call handle_webhook with
#    request.headers['Portal-Signature'] and request.raw_post). Stop it with Ctrl-C.
#      PORTAL_WEBHOOK_SECRET=... WEBHOOK_PORT=8080
#   PORTAL_URL=http://localhost:3000 ... ruby example.rb
require 'set'
require_relative 'lib/caliber_portal'

$stdout.sync = true # each line as it happens, also into a pipe or a log

# The game's side. A real game records what it handed over in its own database, in the same transaction as the
# items, so that an entitlement seen twice (a webhook retried, a poll after a webhook) is given once.
HANDED_OVER = Set.new
TAKEN_BACK = Set.new

def give_items(e)
  return unless HANDED_OVER.add?(e['id'])

  puts "handed over #{e['quantity']} x #{e['sku']} (#{e['name']}) to player #{e['player']}, entitlement #{e['id']}"
end

def take_items_back(e)
  return if !HANDED_OVER.include?(e['id']) && !e['clawback'] # never handed over
  return unless TAKEN_BACK.add?(e['id'])

  puts "took back #{e['quantity']} x #{e['sku']} from player #{e['player']}, entitlement #{e['id']}"
end

# Grant in the game, then consume: the portal shows the order as delivered.
def deliver(server, entitlement)
  give_items(entitlement)
  consumed = server.consume_entitlement(entitlement['id'])
  puts "consumed #{consumed['id']} at #{consumed['consumed_at']}"
rescue CaliberPortal::PortalError => e
  raise unless e.status == 409

  take_items_back(entitlement) # refunded while we were handing it over
end

# Polling: every pending entitlement, page by page (oldest first), then the revocations to claw back.
def deliver_pending(server)
  %w[pending revoked].each do |status|
    after = nil
    loop do
      page = server.list_entitlements(status: status, after: after, limit: 100)
      page['entitlements'].each do |entitlement|
        if status == 'pending'
          deliver(server, entitlement)
        elsif entitlement['clawback']
          take_items_back(entitlement)
        end
      end
      after = page['next']
      break if after.nil?
    end
  end
end

def ending(sanction)
  sanction['expires_at'] ? "until #{sanction['expires_at']}" : 'permanently'
end

# Match start: each player's standing decides whether they join, and whether their chat is muted.
def start_match(server, players)
  players.each do |player|
    standing = server.get_standing(player)
    if standing['banned']
      ban = standing['sanctions'].find { |s| s['kind'] == 'ban' }
      puts "match start: player #{player} is banned (#{ban['category']}, #{ending(ban)})"
      next
    end
    chat = standing['sanctions'].find { |s| s['scope'] == 'chat' }
    puts "match start: player #{player} may play#{", chat muted #{ending(chat)}" if chat}"
  rescue CaliberPortal::PortalError => e
    raise unless e.status == 404

    # Not a player of the portal (a forged or mistyped id): keep them out.
    puts "match start: player #{player} is not a player of the portal"
  end
end

# The in-game "report player" menu: the report reaches the portal's staff with the match as context.
def report_from_menu(server, reported, reporter, category)
  report = server.report_player(reported, category, reporter: reporter, message: 'Reported from the in-game menu.',
                                                    context: { match: 'example-match', reported_in: 'the example' })
  puts "reported player #{reported} for #{category}: report #{report['id']} at #{report['created_at']}"
rescue CaliberPortal::PortalError => e
  raise unless [404, 422].include?(e.status)

  # 404: a player unknown or not registered for this game; 422: a bad report. Tell the player.
  puts "report refused (#{e.status}): #{e.message}"
end

# A sanction placed or lifted by the portal's staff while the game runs: act on it at once.
def on_sanction(type, sanction)
  if type == 'player.sanctioned'
    kicked = sanction['kind'] == 'ban' ? ' (kicked from the match)' : ''
    puts "player #{sanction['player']} sanctioned: #{sanction['scope']} #{sanction['kind']} #{ending(sanction)}#{kicked}"
  else
    puts "player #{sanction['player']}: sanction #{sanction['id']} lifted"
  end
end

# Webhooks: verify the signature over the raw body, then act; any 2xx tells the portal it arrived.
# Returns the HTTP status to answer with.
def handle_webhook(server, secret, signature_header, raw_body)
  event = CaliberPortal.verify_webhook(signature_header, raw_body, secret)
  puts "webhook #{event['type']} #{event['id']} verified"
  entitlement = event['data']['entitlement']
  if event['type'] == 'entitlement.granted' && entitlement
    deliver(server, entitlement)
  elsif event['type'] == 'entitlement.revoked' && entitlement && entitlement['clawback']
    take_items_back(entitlement)
  elsif event['type'].start_with?('player.') && event['data']['sanction']
    on_sanction(event['type'], event['data']['sanction'])
  end
  204
rescue CaliberPortal::WebhookError => e
  warn "webhook refused: #{e.message}"
  400
rescue CaliberPortal::PortalError => e
  warn "could not handle the webhook: #{e.message}"
  500 # the portal retries later
end

def listen_for_webhooks(server, secret, port)
  require 'webrick'
  http = WEBrick::HTTPServer.new(Port: port, AccessLog: [], Logger: WEBrick::Log.new($stderr, WEBrick::Log::WARN))
  http.mount_proc('/') do |request, response|
    response.status = handle_webhook(server, secret, request['Portal-Signature'], request.body.to_s)
  end
  trap('INT') { http.shutdown }
  puts "listening for webhooks on port #{http.listeners.first.addr[1]}"
  http.start
rescue LoadError
  warn 'gem install webrick to receive webhooks here, or call handle_webhook from your Rails or Rack app'
end

base = ENV.fetch('PORTAL_URL', 'http://localhost:3000')
email = ENV.fetch('CALIBER_EMAIL', '')
game_key = ENV.fetch('GAME_SERVER_KEY', '')
unless email.empty?
  launcher = CaliberPortal::LauncherClient.new(base, developer: ENV['CALIBER_DEVELOPER'] == 'true',
                                                     device_token: ENV['CALIBER_DEVICE_TOKEN'])
  begin
    result = if ENV['CALIBER_PIN'] && !ENV['CALIBER_PIN'].empty?
               launcher.login_with_pin(email, ENV['CALIBER_PIN'])
             else
               launcher.login_with_password(email, ENV.fetch('CALIBER_PASSWORD'))
             end
  rescue CaliberPortal::LoginError => e
    warn "sign-in refused (#{e.code}): #{e.message}"
    exit 1
  end
  puts "launcher redirect: #{result[:redirect_url]}"
  puts "device token (keep it: the PIN works only with it): #{launcher.device_token}"
  key = ENV['CALIBER_SERVER_KEY']
  if key.nil? || key.empty?
    puts 'set CALIBER_SERVER_KEY to exchange the code as the game server would'
  else
    puts "player: #{CaliberPortal::GameServer.new(base, key).exchange_code(result[:code])}"
  end
end
if !game_key.empty?
  server = CaliberPortal::GameServer.new(base, game_key)
  deliver_pending(server)
  start_match(server, ENV['MATCH_PLAYERS'].split(',').reject(&:empty?)) if ENV['MATCH_PLAYERS']
  unless ENV.fetch('REPORT_PLAYER', '').empty?
    reporter = ENV['REPORTED_BY'].to_s.empty? ? nil : ENV['REPORTED_BY']
    category = ENV['REPORT_CATEGORY'].to_s.empty? ? 'cheating' : ENV['REPORT_CATEGORY']
    report_from_menu(server, ENV['REPORT_PLAYER'], reporter, category)
  end
  secret = ENV.fetch('PORTAL_WEBHOOK_SECRET', '')
  listen_for_webhooks(server, secret, Integer(ENV.fetch('WEBHOOK_PORT', '8080'))) unless secret.empty?
elsif email.empty?
  puts 'set CALIBER_EMAIL (launcher login) or GAME_SERVER_KEY (entitlements): see the top of this file'
end
