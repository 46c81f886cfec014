-- The audio catalogue: the 22 categories of docs/product-rules.md §3, each with realistic self-hypnosis audios at £2.99, and a
-- package per category (3 related audios plus the free Inception Guide) at £6.99.
-- Idempotent: rerunning inserts nothing twice (on conflict do nothing), so it is safe on any database.
-- The practitioner edits the catalogue from the admin dashboard afterwards.

with categories (category, category_order) as (
  values
    ('Self-Hypnosis Foundation', 1),
    ('Smoking Cessation', 2),
    ('Alcohol Freedom', 3),
    ('Anger Management', 4),
    ('Anxiety and Stress', 5),
    ('Body Image', 6),
    ('Business Skills and Finance', 7),
    ('Coping with Loss and Grief', 8),
    ('Confidence', 9),
    ('Exams', 10),
    ('Fears and Phobias', 11),
    ('Habits and Disorders', 12),
    ('Memory and Learning', 13),
    ('Pain Management', 14),
    ('Performance', 15),
    ('Personal Development', 16),
    ('Relationships', 17),
    ('Sexual Issues', 18),
    ('Skin Problems', 19),
    ('Sports Performance', 20),
    ('Weight Management', 21),
    ('Insomnia', 22)
),
items (category, position, slug, title, minutes, description) as (
  values
    ('Self-Hypnosis Foundation', 1, 'self-hypnosis-inception-guide', 'The Self-Hypnosis Inception Guide', 25,
      'Learn how self-hypnosis works and how to get the most from every audio. Free with any package.'),
    ('Self-Hypnosis Foundation', 2, 'your-first-self-hypnosis-session', 'Your First Self-Hypnosis Session', 18,
      'A gentle, guided first experience of hypnotic relaxation, step by step.'),
    ('Self-Hypnosis Foundation', 3, 'deep-relaxation-foundations', 'Deep Relaxation Foundations', 22,
      'Build the habit of deep physical and mental relaxation that every other session draws on.'),
    ('Self-Hypnosis Foundation', 4, 'your-inner-sanctuary', 'Your Inner Sanctuary', 20,
      'Create a calm, safe place in your mind that you can return to whenever you need it.'),
    ('Self-Hypnosis Foundation', 5, 'everyday-self-hypnosis-practice', 'Everyday Self-Hypnosis Practice', 15,
      'A short daily routine to reinforce positive suggestions and keep your progress going.'),

    ('Smoking Cessation', 1, 'stop-smoking-for-good', 'Stop Smoking for Good', 28,
      'Break the link between cigarettes and the moments you used to reach for them.'),
    ('Smoking Cessation', 2, 'cravings-be-gone', 'Cravings Be Gone', 18,
      'Quiet urges quickly and let them pass, so a craving no longer decides for you.'),
    ('Smoking Cessation', 3, 'smoke-free-confidence', 'Smoke-Free Confidence', 20,
      'Feel proud and settled as a non-smoker at work, at home and when socialising.'),
    ('Smoking Cessation', 4, 'quit-vaping-naturally', 'Quit Vaping Naturally', 22,
      'Loosen the grip of the vape habit and enjoy being free of nicotine.'),

    ('Alcohol Freedom', 1, 'drink-less-live-more', 'Drink Less, Live More', 25,
      'Take back control of when and how much you drink.'),
    ('Alcohol Freedom', 2, 'alcohol-free-evenings', 'Alcohol-Free Evenings', 20,
      'Unwind after a long day without needing a glass in your hand.'),
    ('Alcohol Freedom', 3, 'sober-social-confidence', 'Sober Social Confidence', 18,
      'Enjoy parties, pubs and celebrations with ease, whatever is in your glass.'),
    ('Alcohol Freedom', 4, 'breaking-the-drinking-habit', 'Breaking the Drinking Habit', 27,
      'Replace an automatic drinking routine with calmer, healthier choices.'),

    ('Anger Management', 1, 'calm-under-pressure', 'Calm Under Pressure', 20,
      'Stay composed when tempers rise and respond rather than react.'),
    ('Anger Management', 2, 'letting-go-of-anger', 'Letting Go of Anger', 24,
      'Release old resentment and the tension it leaves in your body.'),
    ('Anger Management', 3, 'cool-head-kind-words', 'Cool Head, Kind Words', 17,
      'Say what you mean, calmly and clearly, even in difficult conversations.'),

    ('Anxiety and Stress', 1, 'calm-mind-easy-breathing', 'Calm Mind, Easy Breathing', 20,
      'Slow your breathing and settle an anxious mind in minutes.'),
    ('Anxiety and Stress', 2, 'release-everyday-stress', 'Release Everyday Stress', 22,
      'Let go of the build-up of daily pressures and feel lighter.'),
    ('Anxiety and Stress', 3, 'overcoming-panic-attacks', 'Overcoming Panic Attacks', 26,
      'Understand panic, ride it out safely and reduce how often it happens.'),
    ('Anxiety and Stress', 4, 'social-anxiety-relief', 'Social Anxiety Relief', 24,
      'Feel more at ease with people, in meetings and in new situations.'),
    ('Anxiety and Stress', 5, 'quiet-the-worrying-mind', 'Quiet the Worrying Mind', 19,
      'Step back from the what-ifs and bring your attention to the present.'),

    ('Body Image', 1, 'love-the-body-you-live-in', 'Love the Body You Live In', 22,
      'Develop a kinder, more accepting relationship with your body.'),
    ('Body Image', 2, 'mirror-confidence', 'Mirror Confidence', 16,
      'Look in the mirror and see yourself with warmth instead of criticism.'),
    ('Body Image', 3, 'beyond-comparison', 'Beyond Comparison', 18,
      'Stop measuring yourself against others and social media images.'),

    ('Business Skills and Finance', 1, 'confident-public-speaking', 'Confident Public Speaking', 25,
      'Present to any audience with a steady voice and a clear mind.'),
    ('Business Skills and Finance', 2, 'money-mindset-for-success', 'Money Mindset for Success', 23,
      'Build healthy beliefs about earning, saving and managing money.'),
    ('Business Skills and Finance', 3, 'negotiate-with-confidence', 'Negotiate with Confidence', 20,
      'Ask for what you are worth and hold your ground calmly.'),
    ('Business Skills and Finance', 4, 'beat-procrastination-at-work', 'Beat Procrastination at Work', 18,
      'Start tasks sooner, stay focused and finish what matters.'),

    ('Coping with Loss and Grief', 1, 'gentle-healing-after-loss', 'Gentle Healing After Loss', 27,
      'A compassionate space to grieve and to begin, slowly, to heal.'),
    ('Coping with Loss and Grief', 2, 'finding-peace-in-grief', 'Finding Peace in Grief', 24,
      'Hold on to the love and loosen the grip of the pain.'),
    ('Coping with Loss and Grief', 3, 'coping-with-pet-loss', 'Coping with Pet Loss', 20,
      'Comfort and support after losing a much-loved companion.'),

    ('Confidence', 1, 'unshakeable-self-confidence', 'Unshakeable Self-Confidence', 25,
      'Build a deep, steady sense of self-belief that lasts.'),
    ('Confidence', 2, 'speak-up-with-confidence', 'Speak Up with Confidence', 18,
      'Share your ideas and opinions without second-guessing yourself.'),
    ('Confidence', 3, 'believe-in-yourself', 'Believe in Yourself', 20,
      'Quiet the inner critic and trust your own judgement.'),
    ('Confidence', 4, 'overcoming-shyness', 'Overcoming Shyness', 22,
      'Feel more relaxed meeting new people and joining in.'),

    ('Exams', 1, 'calm-before-exams', 'Calm Before Exams', 20,
      'Settle nerves in the days and hours before an exam.'),
    ('Exams', 2, 'focused-revision', 'Focused Revision', 22,
      'Study with concentration and remember more of what you revise.'),
    ('Exams', 3, 'exam-day-confidence', 'Exam Day Confidence', 16,
      'Walk into the exam room calm, clear-headed and ready.'),
    ('Exams', 4, 'driving-test-nerves', 'Driving Test Nerves', 18,
      'Stay relaxed and in control behind the wheel on test day.'),

    ('Fears and Phobias', 1, 'fearless-flying', 'Fearless Flying', 28,
      'Travel by air calmly, from booking the ticket to landing.'),
    ('Fears and Phobias', 2, 'overcome-fear-of-spiders', 'Overcome Fear of Spiders', 20,
      'Reduce the fear response so spiders no longer rule your home.'),
    ('Fears and Phobias', 3, 'calm-at-the-dentist', 'Calm at the Dentist', 18,
      'Feel relaxed in the dentist''s chair and keep your appointments.'),
    ('Fears and Phobias', 4, 'conquer-fear-of-heights', 'Conquer Fear of Heights', 22,
      'Stay steady and calm on balconies, bridges and ladders.'),
    ('Fears and Phobias', 5, 'needle-phobia-relief', 'Needle Phobia Relief', 17,
      'Face injections and blood tests with far less fear.'),

    ('Habits and Disorders', 1, 'stop-nail-biting', 'Stop Nail Biting', 16,
      'Notice the urge, let it pass and grow healthy nails.'),
    ('Habits and Disorders', 2, 'freedom-from-hair-pulling', 'Freedom from Hair Pulling', 24,
      'Ease the tension behind hair pulling and find calmer responses.'),
    ('Habits and Disorders', 3, 'break-the-sugar-habit', 'Break the Sugar Habit', 20,
      'Reduce the pull of sweet foods and enjoy feeling in control.'),
    ('Habits and Disorders', 4, 'stop-teeth-grinding', 'Stop Teeth Grinding', 22,
      'Relax your jaw before sleep and wake without aches.'),

    ('Memory and Learning', 1, 'sharpen-your-memory', 'Sharpen Your Memory', 20,
      'Improve recall for names, facts and everyday details.'),
    ('Memory and Learning', 2, 'learn-faster-remember-more', 'Learn Faster, Remember More', 23,
      'Take in new skills and information more easily.'),
    ('Memory and Learning', 3, 'laser-focus-and-concentration', 'Laser Focus and Concentration', 18,
      'Shut out distractions and stay with the task in hand.'),

    ('Pain Management', 1, 'soothing-chronic-pain', 'Soothing Chronic Pain', 28,
      'Turn down the volume on long-term pain and find more comfort. Use alongside medical advice.'),
    ('Pain Management', 2, 'headache-and-migraine-relief', 'Headache and Migraine Relief', 22,
      'Release tension and ease the intensity of headaches.'),
    ('Pain Management', 3, 'comfortable-back', 'Comfortable Back', 20,
      'Relax the muscles around your back and move with more ease.'),
    ('Pain Management', 4, 'ibs-calm', 'IBS Calm', 25,
      'Calm the gut-brain connection behind irritable bowel symptoms.'),

    ('Performance', 1, 'stage-fright-release', 'Stage Fright Release', 20,
      'Turn pre-show nerves into focused, positive energy.'),
    ('Performance', 2, 'peak-performance-mindset', 'Peak Performance Mindset', 24,
      'Access your best, most focused self when it counts.'),
    ('Performance', 3, 'audition-confidence', 'Audition Confidence', 17,
      'Walk in prepared, calm and ready to shine.'),
    ('Performance', 4, 'musicians-performance-calm', 'Musician''s Performance Calm', 19,
      'Play with freedom and steady hands in front of an audience.'),

    ('Personal Development', 1, 'motivation-boost', 'Motivation Boost', 18,
      'Rekindle your drive and get moving on what matters to you.'),
    ('Personal Development', 2, 'set-and-achieve-your-goals', 'Set and Achieve Your Goals', 22,
      'Turn intentions into clear goals and follow them through.'),
    ('Personal Development', 3, 'embrace-change', 'Embrace Change', 20,
      'Meet life''s transitions with curiosity instead of fear.'),
    ('Personal Development', 4, 'self-esteem-builder', 'Self-Esteem Builder', 25,
      'Strengthen the way you value and speak to yourself.'),

    ('Relationships', 1, 'healthy-relationships', 'Healthy Relationships', 24,
      'Build closeness, trust and good communication.'),
    ('Relationships', 2, 'letting-go-of-jealousy', 'Letting Go of Jealousy', 20,
      'Ease insecurity and feel more settled in your relationship.'),
    ('Relationships', 3, 'moving-on-after-a-break-up', 'Moving On After a Break-Up', 26,
      'Heal, let go and look forward with hope.'),
    ('Relationships', 4, 'dating-confidence', 'Dating Confidence', 18,
      'Be yourself and enjoy meeting new people.'),

    ('Sexual Issues', 1, 'intimacy-confidence', 'Intimacy Confidence', 22,
      'Feel relaxed, present and confident in intimate moments.'),
    ('Sexual Issues', 2, 'overcoming-performance-anxiety', 'Overcoming Performance Anxiety', 24,
      'Let go of pressure and worry in the bedroom.'),
    ('Sexual Issues', 3, 'rekindle-desire', 'Rekindle Desire', 20,
      'Reconnect with desire and enjoy closeness again.'),

    ('Skin Problems', 1, 'calm-skin-calm-mind', 'Calm Skin, Calm Mind', 20,
      'Reduce the stress that can aggravate skin conditions.'),
    ('Skin Problems', 2, 'stop-skin-picking', 'Stop Skin Picking', 18,
      'Notice the urge to pick and give your hands something calmer to do.'),
    ('Skin Problems', 3, 'eczema-itch-relief', 'Eczema Itch Relief', 22,
      'Soothe the urge to scratch and let your skin rest. Use alongside medical advice.'),
    ('Skin Problems', 4, 'psoriasis-stress-relief', 'Psoriasis Stress Relief', 21,
      'Ease the stress-flare cycle and feel more comfortable in your skin.'),

    ('Sports Performance', 1, 'golf-in-the-zone', 'Golf in the Zone', 22,
      'A calm, repeatable pre-shot routine and a quieter mind on the course.'),
    ('Sports Performance', 2, 'running-motivation', 'Running Motivation', 18,
      'Lace up more often and enjoy the miles.'),
    ('Sports Performance', 3, 'match-day-focus', 'Match Day Focus', 20,
      'Arrive focused and confident, and stay in the game.'),
    ('Sports Performance', 4, 'bounce-back-from-injury', 'Bounce Back from Injury', 24,
      'Rebuild confidence in your body as you return to sport.'),
    ('Sports Performance', 5, 'tennis-focus', 'Tennis Focus', 19,
      'Play point by point and let go of the last mistake.'),

    ('Weight Management', 1, 'virtual-gastric-band', 'Virtual Gastric Band', 30,
      'Feel satisfied with smaller portions, without surgery.'),
    ('Weight Management', 2, 'mindful-eating', 'Mindful Eating', 20,
      'Slow down, enjoy your food and notice when you have had enough.'),
    ('Weight Management', 3, 'stop-emotional-eating', 'Stop Emotional Eating', 24,
      'Find other ways to meet stress, boredom and low mood.'),
    ('Weight Management', 4, 'love-to-exercise', 'Love to Exercise', 18,
      'Look forward to moving your body and make it part of your week.'),
    ('Weight Management', 5, 'beat-snacking-cravings', 'Beat Snacking Cravings', 17,
      'Quiet the urge to graze between meals.'),

    ('Insomnia', 1, 'sleep-deeply-tonight', 'Sleep Deeply Tonight', 30,
      'Drift into deep, restful sleep as you listen.'),
    ('Insomnia', 2, 'quiet-the-racing-mind-at-night', 'Quiet the Racing Mind at Night', 25,
      'Let the day''s thoughts settle so sleep can come.'),
    ('Insomnia', 3, 'wake-refreshed', 'Wake Refreshed', 22,
      'Sleep well and wake with energy for the day.'),
    ('Insomnia', 4, 'back-to-sleep-in-the-small-hours', 'Back to Sleep in the Small Hours', 15,
      'Settle back to sleep quickly after waking in the night.')
),
-- Object names carry the product's id, never its title or slug: a signed URL must not reveal what was bought
-- (docs/product-rules.md D26 "Health data"). Materialized, so each row's one generated id names both the row and its files.
identified as materialized (
  select gen_random_uuid() as id, i.* from items i
)
insert into public.products
  (id, slug, title, category, description, price_pence, duration_seconds, audio_path, preview_path, published,
   sort_order)
select
  i.id,
  i.slug,
  i.title,
  i.category,
  i.description,
  299,
  i.minutes * 60,
  'full/' || i.id || '.mp3',
  'previews/' || i.id || '.mp3',
  true,
  c.category_order * 100 + i.position
from identified i
join categories c using (category)
on conflict do nothing;

-- One package per category: its first three audios (the guide excluded) plus the guide at position 4.
-- Items are added only for packages this statement creates, so a rerun never touches an edited package.
with categories (category, category_order, slug, title) as (
  values
    ('Self-Hypnosis Foundation', 1, 'self-hypnosis-foundation-package', 'Self-Hypnosis Starter Package'),
    ('Smoking Cessation', 2, 'smoking-cessation-package', 'Stop Smoking Package'),
    ('Alcohol Freedom', 3, 'alcohol-freedom-package', 'Alcohol Freedom Package'),
    ('Anger Management', 4, 'anger-management-package', 'Anger Management Package'),
    ('Anxiety and Stress', 5, 'anxiety-and-stress-package', 'Anxiety and Stress Relief Package'),
    ('Body Image', 6, 'body-image-package', 'Positive Body Image Package'),
    ('Business Skills and Finance', 7, 'business-skills-and-finance-package', 'Business Success Package'),
    ('Coping with Loss and Grief', 8, 'coping-with-loss-and-grief-package', 'Coping with Loss Package'),
    ('Confidence', 9, 'confidence-package', 'Confidence Package'),
    ('Exams', 10, 'exams-package', 'Exam Success Package'),
    ('Fears and Phobias', 11, 'fears-and-phobias-package', 'Fears and Phobias Package'),
    ('Habits and Disorders', 12, 'habits-and-disorders-package', 'Break Bad Habits Package'),
    ('Memory and Learning', 13, 'memory-and-learning-package', 'Memory and Learning Package'),
    ('Pain Management', 14, 'pain-management-package', 'Pain Relief Package'),
    ('Performance', 15, 'performance-package', 'Performance Package'),
    ('Personal Development', 16, 'personal-development-package', 'Personal Development Package'),
    ('Relationships', 17, 'relationships-package', 'Relationships Package'),
    ('Sexual Issues', 18, 'sexual-issues-package', 'Intimacy and Confidence Package'),
    ('Skin Problems', 19, 'skin-problems-package', 'Healthy Skin Package'),
    ('Sports Performance', 20, 'sports-performance-package', 'Sports Performance Package'),
    ('Weight Management', 21, 'weight-management-package', 'Weight Management Package'),
    ('Insomnia', 22, 'insomnia-package', 'Better Sleep Package')
),
new_packages as (
  insert into public.packages (slug, title, description, category, price_pence, published, sort_order)
  select
    c.slug,
    c.title,
    'Three related ' || c.category || ' audios plus The Self-Hypnosis Inception Guide, free.',
    c.category,
    699,
    true,
    c.category_order
  from categories c
  on conflict do nothing
  returning id, category
)
insert into public.package_items (package_id, product_id, position)
select np.id, chosen.id, chosen.position
from new_packages np
cross join lateral (
  (
    select pr.id, (row_number() over (order by pr.sort_order))::smallint as position
    from public.products pr
    where pr.category = np.category and pr.slug <> 'self-hypnosis-inception-guide'
    order by pr.sort_order
    limit 3
  )
  union all
  select guide.id, 4::smallint
  from public.products guide
  where guide.slug = 'self-hypnosis-inception-guide'
) chosen
on conflict do nothing;
