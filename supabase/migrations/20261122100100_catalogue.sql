-- The audio catalogue: products (single audios, including the free Inception Guide) and packages (3 related
-- audios plus the guide). Anyone reads what is published; admins read and write everything.
-- Money in pence.

create table public.products (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text not null check (length(btrim(title)) > 0),
  category text not null check (length(btrim(category)) > 0),
  description text not null default '',
  price_pence integer not null default 299 check (price_pence > 0),
  duration_seconds integer check (duration_seconds > 0),
  -- Object names in the private 'audio' bucket: full/<slug>.mp3 for owners, previews/<slug>.mp3 for all.
  audio_path text,
  preview_path text,
  published boolean not null default false,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- insert_purchase resolves a product from (title, category); they must name one item.
  constraint products_category_title_key unique (category, title)
);
create index products_category_idx on public.products (category, sort_order);
create index products_audio_path_idx on public.products (audio_path);

create table public.packages (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text not null check (length(btrim(title)) > 0),
  description text not null default '',
  category text not null check (length(btrim(category)) > 0),
  price_pence integer not null default 699 check (price_pence > 0),
  published boolean not null default false,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.package_items (
  package_id uuid not null references public.packages (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete cascade,
  position smallint not null check (position > 0),
  primary key (package_id, product_id),
  constraint package_items_package_id_position_key unique (package_id, position)
);
create index package_items_product_id_idx on public.package_items (product_id);

create trigger products_set_updated_at before update on public.products
  for each row execute function public.set_updated_at();
create trigger packages_set_updated_at before update on public.packages
  for each row execute function public.set_updated_at();

revoke truncate, references, trigger on public.products, public.packages, public.package_items
  from anon, authenticated;

alter table public.products enable row level security;
alter table public.packages enable row level security;
alter table public.package_items enable row level security;

-- Reads. The public policies never call is_admin(), which anon may not execute.
create policy "Anyone reads published products"
  on public.products for select
  to anon, authenticated
  using (published);

create policy "Admins read all products"
  on public.products for select
  to authenticated
  using ((select public.is_admin()));

create policy "Anyone reads published packages"
  on public.packages for select
  to anon, authenticated
  using (published);

create policy "Admins read all packages"
  on public.packages for select
  to authenticated
  using ((select public.is_admin()));

create policy "Anyone reads items of published packages"
  on public.package_items for select
  to anon, authenticated
  using (exists (
    select 1 from public.packages p
    where p.id = package_items.package_id and p.published
  ));

create policy "Admins read all package items"
  on public.package_items for select
  to authenticated
  using ((select public.is_admin()));

-- Writes: admins only (the service role bypasses RLS).
create policy "Admins insert products" on public.products for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update products" on public.products for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins delete products" on public.products for delete to authenticated
  using ((select public.is_admin()));

create policy "Admins insert packages" on public.packages for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update packages" on public.packages for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins delete packages" on public.packages for delete to authenticated
  using ((select public.is_admin()));

create policy "Admins insert package items" on public.package_items for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins update package items" on public.package_items for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins delete package items" on public.package_items for delete to authenticated
  using ((select public.is_admin()));
