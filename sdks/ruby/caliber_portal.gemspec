# frozen_string_literal: true

Gem::Specification.new do |spec|
  spec.name = 'caliber_portal'
  spec.version = '1.0.0'
  spec.summary = 'Caliber launcher login for the Games Portal'
  spec.authors = ['Games Portal']
  spec.license = 'MIT'
  spec.files = ['lib/caliber_portal.rb']
  spec.required_ruby_version = '>= 3.0'
end
