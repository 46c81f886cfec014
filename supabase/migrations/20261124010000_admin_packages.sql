-- Packages managed from the admin dashboard: create a package with its audios, add an audio to a package and
-- take one out, through admin-checked functions (security definer, search_path '', EXECUTE for authenticated
-- only, require_admin() inside). Every write is logged in admin_activity by the catalogue triggers of
-- 20261123130000_admin.sql (package.create, package_item.create/delete with before and after).
--
-- * A published package holds at least one audio: the functions refuse otherwise, and a trigger refuses
--   publishing an empty package through REST.
-- * Package contents keep their order: an added audio goes last, taking one out leaves the others in place.
-- * Changing a package's contents never touches purchases: what a customer bought stays theirs.

-- The catalogue log trigger, as before, with a readable summary for package contents: "<audio> in <package>".
create or replace function public.log_admin_row_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := auth.uid();
  v_old jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  v_new jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  v_before jsonb := v_old;
  v_after jsonb := v_new;
  v_row jsonb := coalesce(v_new, v_old);
  v_entity text := case tg_table_name
    when 'products' then 'product'
    when 'packages' then 'package'
    when 'package_items' then 'package_item'
    when 'user_roles' then 'role'
    else tg_table_name end;
  v_entity_id text;
  v_summary text;
  v_key text;
begin
  if v_actor is null then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    -- Only what changed (updated_at always does).
    v_before := '{}'::jsonb;
    v_after := '{}'::jsonb;
    for v_key in select jsonb_object_keys(v_new) loop
      if v_key <> 'updated_at' and (v_new -> v_key) is distinct from (v_old -> v_key) then
        v_before := v_before || jsonb_build_object(v_key, v_old -> v_key);
        v_after := v_after || jsonb_build_object(v_key, v_new -> v_key);
      end if;
    end loop;
    if v_after = '{}'::jsonb then
      return null;
    end if;
  end if;

  if tg_table_name = 'package_items' then
    v_entity_id := (v_row ->> 'package_id');
    v_summary := concat_ws(' in ',
      (select p.title from public.products p where p.id = (v_row ->> 'product_id')::uuid),
      (select p.title from public.packages p where p.id = (v_row ->> 'package_id')::uuid));
  elsif tg_table_name = 'user_roles' then
    v_entity_id := (v_row ->> 'user_id');
    v_summary := (select u.email from auth.users u where u.id = (v_row ->> 'user_id')::uuid)
      || ' (' || (v_row ->> 'role') || ')';
  else
    v_entity_id := (v_row ->> 'id');
    v_summary := (v_row ->> 'title');
  end if;

  perform public.log_admin_activity(
    v_actor,
    v_entity || '.' || case tg_op when 'INSERT' then 'create' when 'UPDATE' then 'update' else 'delete' end,
    v_entity,
    v_entity_id,
    coalesce(v_summary, ''),
    v_before,
    v_after
  );
  return null;
end
$$;

revoke execute on function public.log_admin_row_change() from public, anon, authenticated;

-- An empty package is not published through REST either (the edit form saves with a plain update). Taking
-- the last audio out of a published package is refused by admin_remove_package_item; checkout refuses a
-- package without audios in any case.
create function public.package_requires_audio() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is not null and new.published and not old.published
     and not exists (select 1 from public.package_items i where i.package_id = new.id) then
    raise exception 'Add at least one audio to "%" before publishing it.', new.title
      using errcode = '23514';
  end if;
  return null;
end
$$;

revoke execute on function public.package_requires_audio() from public, anon, authenticated;

create trigger packages_require_audio after update of published on public.packages
  for each row execute function public.package_requires_audio();

-- A URL-safe, unique slug for a new package from its title.
create function public.admin_package_slug(p_title text) returns text
language sql
volatile
set search_path = ''
as $$
  select coalesce(nullif(
           regexp_replace(left(regexp_replace(lower(p_title), '[^a-z0-9]+', '-', 'g'), 60), '^-+|-+$', '', 'g'),
           ''), 'package')
         || '-' || left(replace(gen_random_uuid()::text, '-', ''), 6)
$$;

revoke execute on function public.admin_package_slug(text) from public, anon, authenticated;

-- Creates a package with its audios, in the order given. Bad input changes nothing.
create function public.admin_create_package(
  p_title text,
  p_description text,
  p_category text,
  p_price_pence integer,
  p_published boolean,
  p_product_ids uuid[]
) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[] := coalesce(p_product_ids, '{}');
  v_id uuid;
begin
  perform public.require_admin();
  if p_title is null or btrim(p_title) = '' then
    raise exception 'Enter a title.' using errcode = '22023';
  end if;
  if p_category is null or btrim(p_category) = '' then
    raise exception 'Enter a category.' using errcode = '22023';
  end if;
  if p_price_pence is null or p_price_pence < 1 or p_price_pence > 999999 then
    raise exception 'Enter a price in pounds and pence, for example 2.99 (at least £0.01, at most £9,999.99).'
      using errcode = '22023';
  end if;
  if array_position(v_ids, null) is not null then
    raise exception 'Choose an audio from the catalogue.' using errcode = '22023';
  end if;
  if cardinality(v_ids) > 100 then
    raise exception 'A package holds at most 100 audios.' using errcode = '22023';
  end if;
  if (select count(distinct x) from unnest(v_ids) x) <> cardinality(v_ids) then
    raise exception 'An audio can be in a package only once.' using errcode = '22023';
  end if;
  if (select count(*) from public.products p where p.id = any (v_ids)) <> cardinality(v_ids) then
    raise exception 'An audio chosen for the package is no longer in the catalogue.' using errcode = 'P0002';
  end if;
  if coalesce(p_published, false) and cardinality(v_ids) = 0 then
    raise exception 'Add at least one audio to "%" before publishing it.', btrim(p_title)
      using errcode = '22023';
  end if;

  insert into public.packages (slug, title, description, category, price_pence, published, sort_order)
  values (
    public.admin_package_slug(btrim(p_title)),
    btrim(p_title),
    btrim(coalesce(p_description, '')),
    btrim(p_category),
    p_price_pence,
    coalesce(p_published, false),
    coalesce((select max(p.sort_order) + 1 from public.packages p), 0)
  )
  returning id into v_id;

  insert into public.package_items (package_id, product_id, position)
  select v_id, x.product_id, x.n::smallint
  from unnest(v_ids) with ordinality as x (product_id, n);
  return v_id;
end
$$;

-- Adds an audio at the end of a package.
create function public.admin_add_package_item(p_package_id uuid, p_product_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_package public.packages;
begin
  perform public.require_admin();
  -- Locked, so two additions at once cannot take the same position.
  select * into v_package from public.packages p where p.id = p_package_id for update;
  if v_package.id is null then
    raise exception 'That package is no longer in the catalogue.' using errcode = 'P0002';
  end if;
  if not exists (select 1 from public.products p where p.id = p_product_id) then
    raise exception 'Choose an audio from the catalogue.' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.package_items i where i.package_id = p_package_id and i.product_id = p_product_id) then
    raise exception 'That audio is already in "%".', v_package.title using errcode = '23505';
  end if;
  if (select count(*) from public.package_items i where i.package_id = p_package_id) >= 100 then
    raise exception 'A package holds at most 100 audios.' using errcode = '22023';
  end if;
  insert into public.package_items (package_id, product_id, position)
  values (
    p_package_id,
    p_product_id,
    coalesce((select max(i.position) from public.package_items i where i.package_id = p_package_id), 0) + 1
  );
end
$$;

-- Takes an audio out of a package; the others keep their order. Purchases are not touched.
create function public.admin_remove_package_item(p_package_id uuid, p_product_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_package public.packages;
begin
  perform public.require_admin();
  select * into v_package from public.packages p where p.id = p_package_id for update;
  if v_package.id is null then
    raise exception 'That package is no longer in the catalogue.' using errcode = 'P0002';
  end if;
  if not exists (select 1 from public.package_items i where i.package_id = p_package_id and i.product_id = p_product_id) then
    raise exception 'That audio is not in "%".', v_package.title using errcode = 'P0002';
  end if;
  if v_package.published
     and (select count(*) from public.package_items i where i.package_id = p_package_id) = 1 then
    raise exception 'A published package needs at least one audio. Unpublish it first, or add another audio.'
      using errcode = '22023';
  end if;
  delete from public.package_items i where i.package_id = p_package_id and i.product_id = p_product_id;
end
$$;

revoke execute on function public.admin_create_package(text, text, text, integer, boolean, uuid[])
  from public, anon, service_role;
revoke execute on function public.admin_add_package_item(uuid, uuid) from public, anon, service_role;
revoke execute on function public.admin_remove_package_item(uuid, uuid) from public, anon, service_role;

grant execute on function public.admin_create_package(text, text, text, integer, boolean, uuid[]) to authenticated;
grant execute on function public.admin_add_package_item(uuid, uuid) to authenticated;
grant execute on function public.admin_remove_package_item(uuid, uuid) to authenticated;
